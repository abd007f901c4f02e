/**
 * A path's objective sampled at a few amounts and reduced to its concave upper hull: the model the
 * allocation solver works on. Floats are only for ranking and allocating; every amount of a route is
 * quoted with the exact integer math afterwards.
 */
export interface ObjectiveCurve {
  /** Hull segments in order of use (non-increasing slope): length in amount units and objective per unit. */
  readonly segments: readonly CurveSegment[]
  /** The largest amount sampled that the path can take (the curve ends there). */
  readonly capacity: number
  /** Objective at `capacity`. */
  readonly valueAtCapacity: number
  /** Sample amounts (increasing, > 0) and the gas cost of the path there, in objective units. */
  readonly gasAt: readonly { readonly amount: number; readonly gasCost: number }[]
}

export interface CurveSegment {
  readonly length: number
  readonly slope: number
}

/**
 * One evaluation: the objective (exact in: output; exact out: minus input) and the path's gas cost, in floats
 * (from the exact integer math or from the pools' floating-point models).
 */
export interface CurveSample {
  readonly value: number
  readonly gasCost: number
}

/**
 * The default sample amounts as fractions of the total: dense at the small end (a leg that takes a few percent
 * of a trade) and every eighth above a quarter.
 */
export const defaultCurveFractions: readonly number[] = [
  1 / 256,
  1 / 64,
  1 / 32,
  1 / 16,
  1 / 8,
  3 / 16,
  1 / 4,
  3 / 8,
  1 / 2,
  5 / 8,
  3 / 4,
  7 / 8,
  1,
]

/**
 * Samples `evaluate` at `fractions` of `total` (in increasing order) and returns the concave upper hull of
 * the points with (0, 0), up to the largest amount that evaluates (a path that cannot take the total ends
 * early, at its capacity located by bisection). Returns null when no sample evaluates. `evaluate` returns null where the path cannot execute.
 */
export function sampleObjectiveCurve(params: {
  total: bigint
  evaluate: (amount: bigint) => CurveSample | null
  fractions?: readonly number[]
  /** Bisection steps locating the capacity of a path that cannot take the total. Default 8. */
  capacitySteps?: number
}): ObjectiveCurve | null {
  const { total, evaluate } = params
  const fractions = params.fractions ?? defaultCurveFractions
  // the samples with (0, 0) first, as two lists (a search models every candidate path)
  const xs: number[] = [0]
  const ys: number[] = [0]
  const gasAt: { amount: number; gasCost: number }[] = []
  let lastAmount = 0n
  const record = (amount: bigint, sample: CurveSample) => {
    lastAmount = amount
    const x = Number(amount)
    xs.push(x)
    ys.push(sample.value)
    gasAt.push({ amount: x, gasCost: sample.gasCost })
  }
  for (const amount of sampleAmounts(total, fractions)) {
    if (amount <= lastAmount) continue
    const sample = evaluate(amount)
    if (sample !== null) {
      record(amount, sample)
      continue
    }
    // The path runs dry between the last sample and this one: bisect its capacity, so that paths which only
    // together can take the total are known to.
    let dry = amount
    for (let step = 0; step < (params.capacitySteps ?? 8) && dry - lastAmount > 1n; step++) {
      const mid = (lastAmount + dry) / 2n
      const probe = evaluate(mid)
      if (probe === null) dry = mid
      else record(mid, probe)
    }
    break
  }
  if (xs.length < 2) return null
  const hull = upperHull(xs, ys)
  const segments: CurveSegment[] = []
  for (let i = 1; i < hull.length; i++) {
    const a = hull[i - 1] ?? 0
    const b = hull[i] ?? 0
    const length = (xs[b] ?? 0) - (xs[a] ?? 0)
    segments.push({ length, slope: ((ys[b] ?? 0) - (ys[a] ?? 0)) / length })
  }
  const last = hull[hull.length - 1] ?? 0
  return { segments, capacity: xs[last] ?? 0, valueAtCapacity: ys[last] ?? 0, gasAt }
}

/** The last `sampleAmounts` answer: a search models every candidate path at the same amounts. */
let lastAmounts: { total: bigint; fractions: readonly number[]; amounts: readonly bigint[] } | undefined

/** `fractions` of `total` in base units (rounded down; a fraction of 1 or more is the total). */
function sampleAmounts(total: bigint, fractions: readonly number[]): readonly bigint[] {
  if (lastAmounts?.total === total && lastAmounts.fractions === fractions) return lastAmounts.amounts
  const amounts = fractions.map((fraction) =>
    fraction >= 1 ? total : (total * BigInt(Math.round(fraction * 1e9))) / 1_000_000_000n,
  )
  lastAmounts = { total, fractions, amounts }
  return amounts
}

/** Upper concave hull of points sorted by x (monotone chain), as their indexes; keeps the first and last point. */
function upperHull(xs: readonly number[], ys: readonly number[]): number[] {
  const hull: number[] = []
  for (let p = 0; p < xs.length; p++) {
    const px = xs[p] ?? 0
    const py = ys[p] ?? 0
    while (hull.length >= 2) {
      const a = hull[hull.length - 2] ?? 0
      const b = hull[hull.length - 1] ?? 0
      const ax = xs[a] ?? 0
      const ay = ys[a] ?? 0
      // Drop b when it lies on or below the chord a -> p.
      if (((ys[b] ?? 0) - ay) * (px - ax) <= (py - ay) * ((xs[b] ?? 0) - ax)) hull.pop()
      else break
    }
    hull.push(p)
  }
  return hull
}

/** The model's gas cost of a curve's path at `amount`: the cost at the nearest sample at or above it. */
export function curveGasCost(curve: ObjectiveCurve, amount: number): number {
  for (const g of curve.gasAt) if (g.amount >= amount) return g.gasCost
  return curve.gasAt[curve.gasAt.length - 1]?.gasCost ?? 0
}
