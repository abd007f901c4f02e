import type { ObjectiveCurve } from './sampleObjectiveCurve'

export interface CurveAllocation {
  /** Amount per curve, in the order given; sums to the total. */
  readonly amounts: readonly number[]
  /** The model's summed objective (before gas). */
  readonly value: number
}

/**
 * The exact optimum of distributing `total` over concave piecewise-linear curves: every curve's marginal rate
 * is equalised by taking hull segments in order of slope across all curves (a k-way merge; the last segment
 * taken is taken in part). This is the dual price of the total at which supply meets demand, so the result is
 * optimal for the model, not a greedy approximation. Returns null when the curves' capacities cannot absorb
 * the total.
 */
export function allocateOverCurves(curves: readonly ObjectiveCurve[], total: number): CurveAllocation | null {
  let capacity = 0
  for (const c of curves) capacity += c.capacity
  if (capacity < total * (1 - 1e-12)) return null
  const amounts = curves.map(() => 0)
  const next = curves.map(() => 0)
  let left = total
  let value = 0
  while (left > 0) {
    let best = -1
    let bestSlope = Number.NEGATIVE_INFINITY
    for (let i = 0; i < curves.length; i++) {
      const segment = curves[i]?.segments[next[i] ?? 0]
      if (segment !== undefined && segment.slope > bestSlope) {
        best = i
        bestSlope = segment.slope
      }
    }
    const segment = curves[best]?.segments[next[best] ?? 0]
    if (segment === undefined) break
    const take = Math.min(left, segment.length)
    amounts[best] = (amounts[best] ?? 0) + take
    value += take * segment.slope
    left -= take
    next[best] = (next[best] ?? 0) + 1
  }
  return { amounts, value }
}
