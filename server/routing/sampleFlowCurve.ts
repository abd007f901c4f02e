/**
 * A pool direction's output as a smooth concave model for the flow solver: samples on a geometric grid,
 * their chord slopes made non-increasing, and the marginal rate interpolated linearly between the chords'
 * midpoints (so the amount a pool takes at a price ratio is continuous in that ratio).
 */
export interface FlowCurve {
  /** Sample inputs, increasing, xs[0] = 0. */
  readonly xs: readonly number[]
  /** Outputs at xs (ys[0] = 0). */
  readonly ys: readonly number[]
  /** Chord slope of segment k (between xs[k] and xs[k+1]), non-increasing. */
  readonly slopes: readonly number[]
  /** Midpoint of segment k. */
  readonly mids: readonly number[]
}

/** The least relative fall of a model's marginal rate across `scale` (1 bp; the exact refinement corrects it). */
const MIN_BEND = 1e-4

/** Grid of the samples, as fractions of the scale: 2^-16 .. 2^1, in factors of two from 2^-6 on (12 samples). */
const GRID = [-16, -13, -10, -8, -6, -5, -4, -3, -2, -1, 0, 1].map((k) => 2 ** k)

/**
 * Samples `evaluate` (the output of one pool direction for a whole input in base units, null where the pool
 * cannot fill it) at the grid times `scale` plus any `extra` inputs, and returns the model, or null when not
 * even the smallest input gets an output. Samples past the pool's capacity end the curve.
 */
export function sampleFlowCurve(
  scale: number,
  evaluate: (amountIn: number) => number | null,
  extra: readonly number[] = [],
): FlowCurve | null {
  const inputs = sampleInputs(scale, extra)
  const xs = [0]
  const ys = [0]
  for (const x of inputs) {
    const y = evaluate(x)
    if (y === null || !(y > 0)) {
      if (xs.length === 1) continue
      break
    }
    xs.push(x)
    ys.push(y)
  }
  if (xs.length < 2) return null
  const slopes: number[] = []
  const mids: number[] = []
  for (let k = 0; k + 1 < xs.length; k++) {
    const x0 = xs[k] ?? 0
    const x1 = xs[k + 1] ?? 0
    const chord = ((ys[k + 1] ?? 0) - (ys[k] ?? 0)) / (x1 - x0)
    const mid = (x0 + x1) / 2
    const previous = slopes[k - 1]
    // strictly falling (a pool as deep as linear still bends by MIN_BEND over the scale), so the amount a pool
    // takes is a continuous function of the price ratio and the dual has a root to find
    const cap =
      previous === undefined ? chord : previous * (1 - (MIN_BEND * (mid - (mids[k - 1] ?? 0))) / scale)
    slopes.push(Math.max(0, Math.min(chord, cap)))
    mids.push(mid)
  }
  return { xs, ys, slopes, mids }
}

/** The grid times `scale` and the `extra` inputs, floored, positive, ascending, each once. */
function sampleInputs(scale: number, extra: readonly number[]): number[] {
  const inputs: number[] = []
  for (const g of GRID) {
    const x = Math.floor(g * scale)
    if (x > 0 && x !== inputs[inputs.length - 1]) inputs.push(x)
  }
  if (extra.length === 0) return inputs
  for (const e of extra) {
    const x = Math.floor(e)
    if (x > 0) inputs.push(x)
  }
  inputs.sort((a, b) => a - b)
  return inputs.filter((x, k) => k === 0 || x !== inputs[k - 1])
}

/** The input at which the model's marginal rate falls to `rate` (0 above the first chord, the cap below the last). */
export function flowCurveResponse(curve: FlowCurve, rate: number): number {
  const { slopes, mids, xs } = curve
  if (rate >= (slopes[0] ?? 0)) return 0
  const lo = segmentBelow(slopes, rate)
  if (lo === undefined) return xs[xs.length - 1] ?? 0
  const s0 = slopes[lo] ?? 0
  const s1 = slopes[lo + 1] ?? 0
  const m0 = mids[lo] ?? 0
  const m1 = mids[lo + 1] ?? 0
  return s0 === s1 ? m1 : m0 + ((s0 - rate) / (s0 - s1)) * (m1 - m0)
}

/** The derivative of `flowCurveResponse` in the rate (<= 0; 0 where the response is 0 or the cap). */
export function flowCurveResponseSlope(curve: FlowCurve, rate: number): number {
  const { slopes, mids } = curve
  if (rate >= (slopes[0] ?? 0)) return 0
  const lo = segmentBelow(slopes, rate)
  if (lo === undefined) return 0
  const s0 = slopes[lo] ?? 0
  const s1 = slopes[lo + 1] ?? 0
  return s0 === s1 ? 0 : -((mids[lo + 1] ?? 0) - (mids[lo] ?? 0)) / (s0 - s1)
}

/**
 * The k with slopes[k] > rate >= slopes[k + 1], for a rate below the first slope; undefined when the rate is at
 * or below the last slope (the response is the cap).
 */
function segmentBelow(slopes: readonly number[], rate: number): number | undefined {
  const last = slopes.length - 1
  if (last < 1 || rate <= (slopes[last] ?? 0)) return undefined
  let lo = 0
  let hi = last
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((slopes[mid] ?? 0) > rate) lo = mid
    else hi = mid
  }
  return lo
}

/** The model's output for input `x` (linear between samples, capped at the last sample). */
export function flowCurveValue(curve: FlowCurve, x: number): number {
  const { xs, ys } = curve
  if (x <= 0) return 0
  const last = xs.length - 1
  if (x >= (xs[last] ?? 0)) return ys[last] ?? 0
  let lo = 0
  let hi = last
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((xs[mid] ?? 0) <= x) lo = mid
    else hi = mid
  }
  const x0 = xs[lo] ?? 0
  const x1 = xs[hi] ?? 0
  const y0 = ys[lo] ?? 0
  const y1 = ys[hi] ?? 0
  return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0)
}

/** The model's output at input `x` (`flowCurveValue`: linear between samples) and its slope, into value[e] and slope[e]. */
export function flowCurveValueAndSlope(
  curve: FlowCurve,
  x: number,
  value: Float64Array,
  slope: Float64Array,
  e: number,
): void {
  const { xs, ys } = curve
  const last = xs.length - 1
  if (last < 1) {
    value[e] = 0
    slope[e] = 0
    return
  }
  let lo = 0
  let hi = last
  if (x >= (xs[last] ?? 0)) lo = last - 1
  else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1
      if ((xs[mid] ?? 0) <= x) lo = mid
      else hi = mid
    }
  }
  hi = lo + 1
  const x0 = xs[lo] ?? 0
  const y0 = ys[lo] ?? 0
  const s = ((ys[hi] ?? 0) - y0) / ((xs[hi] ?? 0) - x0)
  value[e] = x <= 0 ? 0 : Math.min(ys[last] ?? 0, y0 + s * (x - x0))
  slope[e] = s
}
