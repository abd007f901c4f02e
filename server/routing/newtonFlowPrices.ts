import { factorLinear, solveFactored } from './factorLinear'
import {
  type FlowCurve,
  flowCurveResponse,
  flowCurveResponseSlope,
  flowCurveValueAndSlope,
} from './sampleFlowCurve'
import type { FlowEdge, FlowSolution } from './solveFlowPrices'

/** Most Newton steps before the warm start is given up (the interior point then solves from scratch). */
const MAX_STEPS = 10
/** Most halvings of a step that does not lower the imbalance. */
const MAX_HALVINGS = 6
/** The relative band of rates over which a model's flat ends open (see `response`). */
const EDGE_BAND = 1e-7
/** A step moves no price by more than this share of itself (prices stay positive). */
const MAX_PRICE_MOVE = 0.5

/**
 * The optimum of a flow problem from prices near it (the solution of a nearby problem: the same pools but one
 * pruned, or resampled) by Newton's method on the dual: at prices p every pool direction takes what its model's
 * marginal rate gives at the ratio of its tokens' prices (`flowCurveResponse`), and each token's imbalance
 * (what flows in, plus the input, less what flows out) is a function of the prices whose Jacobian is exact on the
 * models (the response's slope times the model's); a step solves for the prices that zero it, halved until the
 * imbalance falls. A few steps from a warm start cost less than one interior-point iteration each. Returns the
 * solution once every token balances within `tolerance` of its throughput, null when it does not within
 * MAX_STEPS (a token that falls worthless, a singular system): the caller solves from scratch then. Pure.
 */
export function newtonFlowPrices(params: {
  tokenCount: number
  edges: readonly FlowEdge[]
  total: number
  /** Positive prices in units of the output token (the last token's is taken as 1). */
  prices: readonly number[]
  /** Each token's amount of order one (the imbalances are weighed in it: what the whole input buys of it). */
  units: readonly number[]
  tolerance: number
}): FlowSolution | null {
  const { tokenCount, edges, total, tolerance } = params
  const out = tokenCount - 1
  const n = out
  const count = edges.length
  const price = new Float64Array(tokenCount)
  for (let t = 0; t < tokenCount; t++) price[t] = t === out ? 1 : (params.prices[t] ?? 0)
  for (let t = 0; t < n; t++) if (!((price[t] ?? 0) > 0) || !Number.isFinite(price[t] ?? 0)) return null
  const inputs = new Float64Array(count)
  const outputs = new Float64Array(count)
  const responseSlope = new Float64Array(count)
  const valueSlope = new Float64Array(count)
  const balance = new Float64Array(n)
  const through = new Float64Array(n)
  /** Each edge's response to `p` and each token's imbalance; the largest relative one and the merit (squares). */
  const measure = (p: Float64Array): { residual: number; merit: number } => {
    balance.fill(0)
    through.fill(0)
    if (n > 0) {
      balance[0] = total
      through[0] = total
    }
    for (let e = 0; e < count; e++) {
      const edge = edges[e]
      if (!edge) continue
      const rate = (p[edge.from] ?? 0) / (p[edge.to] ?? 1)
      const x = response(edge.curve, rate, responseSlope, e)
      inputs[e] = x
      flowCurveValueAndSlope(edge.curve, x, outputs, valueSlope, e)
      const y = outputs[e] ?? 0
      if (edge.to < n) {
        balance[edge.to] = (balance[edge.to] ?? 0) + y
        through[edge.to] = (through[edge.to] ?? 0) + y
      }
      if (edge.from < n) {
        balance[edge.from] = (balance[edge.from] ?? 0) - x
        through[edge.from] = (through[edge.from] ?? 0) + x
      }
    }
    let residual = 0
    let merit = 0
    for (let t = 0; t < n; t++) {
      const scale = through[t] ?? 0
      const b = balance[t] ?? 0
      if (scale > 0) residual = Math.max(residual, Math.abs(b) / scale)
      const weighed = b / (params.units[t] ?? 1)
      merit += weighed * weighed
    }
    return { residual, merit }
  }
  const matrix = new Float64Array(n * n)
  const step = new Float64Array(n)
  const trial = new Float64Array(tokenCount)
  const pivots = new Int32Array(n)
  let state = measure(price)
  for (let steps = 0; ; steps++) {
    if (state.residual < tolerance) {
      return {
        prices: Array.from(price),
        inputs: Array.from(inputs),
        outputs: Array.from(outputs),
        sweeps: steps,
        residual: state.residual,
      }
    }
    if (steps === MAX_STEPS) return null
    // the Jacobian of each token's relative imbalance in each price's relative change
    matrix.fill(0)
    for (let e = 0; e < count; e++) {
      const edge = edges[e]
      const slope = responseSlope[e] ?? 0
      if (!edge || slope === 0) continue
      const a = edge.from
      const b = edge.to
      const rate = (price[a] ?? 0) / (price[b] ?? 1)
      // input x(r) at r = p_a / p_b: dx/d(ln p_a) = r x'(r), dx/d(ln p_b) = -r x'(r); output y(x) follows x
      const dx = rate * slope
      const dy = (valueSlope[e] ?? 0) * dx
      const rowA = 1 / (params.units[a] ?? 1)
      const rowB = 1 / (params.units[b] ?? 1)
      if (a < n) {
        matrix[a * n + a] = (matrix[a * n + a] ?? 0) - dx * rowA
        if (b < n) matrix[a * n + b] = (matrix[a * n + b] ?? 0) + dx * rowA
      }
      if (b < n) {
        if (a < n) matrix[b * n + a] = (matrix[b * n + a] ?? 0) + dy * rowB
        matrix[b * n + b] = (matrix[b * n + b] ?? 0) - dy * rowB
      }
    }
    for (let t = 0; t < n; t++) {
      // a token nothing flows through (nor would at nearby prices): its price stays
      if ((through[t] ?? 0) === 0 && isZeroRow(matrix, t, n)) matrix[t * n + t] = 1
      step[t] = -(balance[t] ?? 0) / (params.units[t] ?? 1)
    }
    const solved = factorLinear(matrix, pivots, n) ? solveFactored(matrix, pivots, step, n) : null
    if (!solved) return null
    step.set(solved)
    let longest = 0
    for (let t = 0; t < n; t++) longest = Math.max(longest, Math.abs(step[t] ?? 0))
    if (!Number.isFinite(longest)) return null
    let alpha = longest > MAX_PRICE_MOVE ? MAX_PRICE_MOVE / longest : 1
    const before = state.merit
    for (let k = 0; ; k++) {
      for (let t = 0; t < n; t++) trial[t] = (price[t] ?? 0) * Math.exp(alpha * (step[t] ?? 0))
      trial[out] = 1
      const next = measure(trial)
      if (next.merit < before || k === MAX_HALVINGS) {
        if (!(next.merit < before)) return null
        price.set(trial)
        state = next
        break
      }
      alpha /= 2
    }
  }
}

/**
 * The input at which the model's marginal rate falls to `rate` (`flowCurveResponse`) and its slope in the rate,
 * into slope[e]; where the model's marginal rate is flat (before the first chord's midpoint, after the last's)
 * the response takes those inputs over a band of EDGE_BAND of the rate instead of at one rate, so it is
 * continuous in the prices, as Newton's method needs.
 */
function response(curve: FlowCurve, rate: number, slope: Float64Array, e: number): number {
  const { slopes, mids, xs } = curve
  const first = slopes[0] ?? 0
  const last = slopes[slopes.length - 1] ?? 0
  if (rate > first) {
    const width = first * EDGE_BAND
    if (rate >= first + width || !(width > 0)) {
      slope[e] = 0
      return 0
    }
    const m0 = mids[0] ?? 0
    slope[e] = -m0 / width
    return (m0 * (first + width - rate)) / width
  }
  if (rate <= last) {
    const width = last * EDGE_BAND
    const cap = xs[xs.length - 1] ?? 0
    if (rate <= last - width || !(width > 0)) {
      slope[e] = 0
      return cap
    }
    const m1 = mids[mids.length - 1] ?? 0
    slope[e] = -(cap - m1) / width
    return m1 + ((cap - m1) * (last - rate)) / width
  }
  slope[e] = flowCurveResponseSlope(curve, rate)
  return flowCurveResponse(curve, rate)
}

/** Whether row t of the n x n matrix is all zeros. */
function isZeroRow(m: Float64Array, t: number, n: number): boolean {
  for (let k = 0; k < n; k++) if ((m[t * n + k] ?? 0) !== 0) return false
  return true
}
