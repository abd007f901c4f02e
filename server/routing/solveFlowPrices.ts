import { factorLinear, solveFactored } from './factorLinear'
import { newtonFlowPrices } from './newtonFlowPrices'
import { type FlowCurve, flowCurveValue } from './sampleFlowCurve'

/** One pool direction of the flow problem: it takes `x` of token `from` and gives model(x) of token `to`. */
export interface FlowEdge {
  readonly from: number
  readonly to: number
  readonly curve: FlowCurve
}

export interface FlowSolution {
  /** Value of one unit of each token in units of the output token (the last token). */
  readonly prices: number[]
  /** Input of each edge. */
  readonly inputs: number[]
  /** Model output of each edge. */
  readonly outputs: number[]
  /** Iterations run (interior-point Newton steps; 0 when a warm start already solves the problem). */
  readonly sweeps: number
  /**
   * Largest conservation violation left, relative to the token's throughput; a surplus left at a token worth
   * nothing (its pools full or paying nothing more) is no violation, as at the optimum.
   */
  readonly residual: number
}

const MAX_ITERATIONS = 80
/** Stop when the conservation and rate conditions hold within this (in units of the trade's size and value). */
const TOLERANCE = 1e-12
/** A token whose price falls below this share of its starting value is worth nothing at the optimum. */
const WORTHLESS = 1e-12
/** Stop when the complementarity products average below this (the barrier's weight). */
const MIN_WEIGHT = 1e-18
/** A warm start's own response is kept when it balances every token within this. */
const WARM_TOLERANCE = 1e-7
/** Most halvings of a step that does not lower the merit (the last is taken anyway). */
const MAX_HALVINGS = 8
/** Fraction of the way to a bound an iterate may move (it stays strictly inside). */
const TO_BOUNDARY = 0.995

/**
 * Solves the routing problem over concave pool models (Diamandis et al. 2023) by a primal-dual interior-point
 * method: one price per token (the output token's fixed at 1), each edge's input strictly between 0 and its
 * model's cap, and Newton steps (Mehrotra's predictor-corrector) on the conditions of the optimum, relaxed by a
 * barrier weight driven to zero:
 * - each edge trades where its marginal rate meets the ratio of its tokens' prices (`flowCurveResponse`'s
 *   model), less what its bounds' multipliers pay;
 * - each token's inflow (`flowCurveValue` of each in-edge) plus the input token's `total` covers its outflow
 *   (a slack, priced by the token's price, takes what cannot leave).
 * All of an iteration's edges answer one joint step: an edge about to open or to fill is in the step through
 * its bound's multiplier, so neither a chain of deep pools (each price pinned by its neighbours') nor a token
 * whose pools are all closed stalls it, which is where coordinate sweeps on the prices crawled. Each step
 * solves one system of the token count (the edges eliminated), halved until a merit (the conditions' squared
 * violations) falls, since the models' slopes change at each sample. Each token's amounts are in units of what
 * the whole input buys of it through the best chain of pools, so every quantity is of order one whatever the
 * decimals and the starting values. With `isWarm` the prices are a nearby problem's optimum: Newton's method on
 * the prices alone (`newtonFlowPrices`) finishes from there in a step or two where the same pools stay open (an
 * interior point gains little from a start near the optimum); where it stalls (a pruned pool that carried much
 * of the flow opens others), the interior point starts afresh from those prices. Token 0 is the input, the last
 * token the output; edges may split and merge at every token, cycles included. Pure.
 */
export function solveFlowPrices(params: {
  tokenCount: number
  edges: readonly FlowEdge[]
  total: number
  /** Values of the tokens (e.g. spot values in the output token); the output token's is ignored. */
  initialPrices: readonly number[]
  /** The starting prices are a solution of a nearby problem (e.g. before one pool was pruned). */
  isWarm?: boolean
  /**
   * Prices near the optimum from elsewhere (e.g. read off a route already found), for a cold start: Newton's
   * method is tried from them first, and the interior point starts afresh where it stalls.
   */
  guessPrices?: readonly number[]
  /** Most interior-point iterations (80 by default; the dumped large-market problems take 9 to 32). */
  maxSweeps?: number
}): FlowSolution {
  const { tokenCount, edges, total } = params
  const out = tokenCount - 1
  const n = out
  const values = params.initialPrices.map((p, t) => (t === out ? 1 : p > 0 && Number.isFinite(p) ? p : 1))
  // token t's unit: what the whole input buys of t through the best chain of pools, so every amount is of order
  // one whatever the tokens' decimals and however far the starting values are off; a token the input does not
  // reach takes the amount worth the input at the starting values
  const reached = reachedAmounts(tokenCount, edges, total)
  const byValue = total > 0 ? total * (values[0] ?? 1) : 1
  const unit = values.map((v, t) => ((reached[t] ?? 0) > 0 ? (reached[t] ?? 0) : byValue / v))
  const guess = params.isWarm ? values : params.guessPrices
  if (guess) {
    // the solution of a nearby problem, or a guess: Newton's method on the prices from there, unless it stalls
    const warm = newtonFlowPrices({
      tokenCount,
      edges,
      total,
      prices: guess,
      units: unit,
      tolerance: WARM_TOLERANCE,
    })
    if (warm) return warm
  }
  const worth = unit[out] ?? 1
  const count = edges.length
  const from = edges.map((e) => e.from)
  const to = edges.map((e) => e.to)
  const inScale = edges.map((e) => unit[e.from] ?? 1)
  const outScale = edges.map((e) => unit[e.to] ?? 1)
  const cap = edges.map((e, k) => (e.curve.xs[e.curve.xs.length - 1] ?? 0) / (inScale[k] ?? 1))
  const supply = new Float64Array(n)
  if (n > 0) supply[0] = total / (unit[0] ?? 1)

  // the iterate: inputs x (scaled), prices (scaled: the output token's is 1), slacks, bound multipliers
  const x = new Float64Array(count)
  // what each input lacks of its cap, kept apart (cap - x loses every digit when an edge fills)
  const room = new Float64Array(count)
  const z = new Float64Array(count)
  const w = new Float64Array(count)
  // prices in units of the output token's unit: 1 where a unit of each is worth the other (the starting values
  // of a warm start, the best chain's rates otherwise)
  const price = new Float64Array(tokenCount).fill(1)
  if (params.isWarm) for (let t = 0; t < n; t++) price[t] = ((values[t] ?? 1) * (unit[t] ?? 1)) / worth
  const slack = new Float64Array(n)
  const outDegree = new Float64Array(tokenCount)
  for (const e of edges) outDegree[e.from] = (outDegree[e.from] ?? 0) + 1
  const start = 0.1
  for (let e = 0; e < count; e++) {
    const u = cap[e] ?? 0
    x[e] = Math.min(u / 2, 1 / (outDegree[from[e] ?? 0] ?? 1))
    room[e] = u - (x[e] ?? 0)
    z[e] = start / (x[e] ?? 1)
    w[e] = start / (room[e] ?? 1)
  }
  // per edge at x: marginal rate, its slope, model output, its slope (all scaled)
  const rate = new Float64Array(count)
  const rateSlope = new Float64Array(count)
  const value = new Float64Array(count)
  const valueSlope = new Float64Array(count)
  const evaluate = () => {
    for (let e = 0; e < count; e++) {
      const curve = edges[e]?.curve
      if (!curve) continue
      const a = inScale[e] ?? 1
      const b = outScale[e] ?? 1
      const xe = (x[e] ?? 0) * a
      evaluateModel(curve, xe, rate, rateSlope, value, valueSlope, e)
      rate[e] = ((rate[e] ?? 0) * a) / b
      rateSlope[e] = ((rateSlope[e] ?? 0) * a * a) / b
      value[e] = (value[e] ?? 0) / b
      valueSlope[e] = ((valueSlope[e] ?? 0) * a) / b
    }
  }
  const balance = new Float64Array(n)
  const gap = new Float64Array(count)
  const measureBalance = () => {
    balance.set(supply)
    for (let e = 0; e < count; e++) {
      const a = from[e] ?? 0
      const b = to[e] ?? 0
      if (b < n) balance[b] = (balance[b] ?? 0) + (value[e] ?? 0)
      if (a < n) balance[a] = (balance[a] ?? 0) - (x[e] ?? 0)
    }
  }
  evaluate()
  measureBalance()
  for (let t = 0; t < n; t++) slack[t] = Math.max(balance[t] ?? 0, start)
  for (let e = 0; e < count; e++) {
    // the rate condition's violation at the start, taken up by a bound's multiplier
    const r = (price[to[e] ?? 0] ?? 1) * (rate[e] ?? 0) - (price[from[e] ?? 0] ?? 1)
    if (r > 0) w[e] = (w[e] ?? 0) + r
    else z[e] = (z[e] ?? 0) - r
  }

  const matrix = new Float64Array(n * n)
  const rhs = new Float64Array(n)
  const dx = new Float64Array(count)
  const dz = new Float64Array(count)
  const dw = new Float64Array(count)
  const ds = new Float64Array(n)
  const targetZ = new Float64Array(count)
  const targetW = new Float64Array(count)
  const targetS = new Float64Array(n)
  let dp: Float64Array = new Float64Array(n)
  const diagonal = new Float64Array(count)
  const q = new Float64Array(count)

  const pivots = new Int32Array(n)
  /**
   * The Newton direction toward complementarity products equal to the targets; false when singular. With
   * `factor` the system's matrix is built and factored; without, the last factored one is reused (the predictor
   * and the corrector of an iteration differ in their targets only, which are on the right-hand side).
   */
  const direction = (factor: boolean): boolean => {
    if (factor) matrix.fill(0)
    for (let t = 0; t < n; t++) {
      if (factor) matrix[t * n + t] = (slack[t] ?? 0) / (price[t] ?? 1)
      // balance holds inflow - outflow - slack here
      rhs[t] = -(balance[t] ?? 0) - (slack[t] ?? 0) + (targetS[t] ?? 0) / (price[t] ?? 1)
    }
    for (let e = 0; e < count; e++) {
      const a = from[e] ?? 0
      const b = to[e] ?? 0
      const xe = x[e] ?? 0
      const left = room[e] ?? 0
      const d = -(price[b] ?? 1) * (rateSlope[e] ?? 0) + (z[e] ?? 0) / xe + (w[e] ?? 0) / left
      const qe =
        -(gap[e] ?? 0) - ((targetZ[e] ?? 0) / xe - (z[e] ?? 0)) + ((targetW[e] ?? 0) / left - (w[e] ?? 0))
      diagonal[e] = d
      q[e] = qe
      // row (conservation, the model output's slope) times column (rate condition, the marginal rate)
      const vb = valueSlope[e] ?? 0
      const mb = rate[e] ?? 0
      if (a < n) {
        rhs[a] = (rhs[a] ?? 0) - qe / d
        if (factor) {
          matrix[a * n + a] = (matrix[a * n + a] ?? 0) + 1 / d
          if (b < n) matrix[a * n + b] = (matrix[a * n + b] ?? 0) - mb / d
        }
      }
      if (b < n) {
        rhs[b] = (rhs[b] ?? 0) + (vb * qe) / d
        if (factor) {
          matrix[b * n + b] = (matrix[b * n + b] ?? 0) + (vb * mb) / d
          if (a < n) matrix[b * n + a] = (matrix[b * n + a] ?? 0) - vb / d
        }
      }
    }
    if (factor && !factorLinear(matrix, pivots, n)) return false
    const step = solveFactored(matrix, pivots, rhs, n)
    if (!step) return false
    dp = step
    for (let e = 0; e < count; e++) {
      const a = from[e] ?? 0
      const b = to[e] ?? 0
      const xe = x[e] ?? 0
      const left = room[e] ?? 0
      const change =
        ((rate[e] ?? 0) * (b < n ? (dp[b] ?? 0) : 0) - (a < n ? (dp[a] ?? 0) : 0) - (q[e] ?? 0)) /
        (diagonal[e] ?? 1)
      if (!Number.isFinite(change)) return false
      dx[e] = change
      dz[e] = (targetZ[e] ?? 0) / xe - (z[e] ?? 0) - ((z[e] ?? 0) / xe) * change
      dw[e] = (targetW[e] ?? 0) / left - (w[e] ?? 0) + ((w[e] ?? 0) / left) * change
    }
    for (let t = 0; t < n; t++) {
      const p = price[t] ?? 1
      ds[t] = (targetS[t] ?? 0) / p - (slack[t] ?? 0) - ((slack[t] ?? 0) / p) * (dp[t] ?? 0)
    }
    return true
  }
  /** The longest step (at most 1) along the direction that keeps the iterate `fraction` of the way inside. */
  const longestStep = (fraction: number): number => {
    let alpha = 1
    for (let e = 0; e < count; e++) {
      const change = dx[e] ?? 0
      if (change < 0) alpha = Math.min(alpha, (-fraction * (x[e] ?? 0)) / change)
      else if (change > 0) alpha = Math.min(alpha, (-fraction * (room[e] ?? 0)) / -change)
      const changeZ = dz[e] ?? 0
      if (changeZ < 0) alpha = Math.min(alpha, (-fraction * (z[e] ?? 0)) / changeZ)
      const changeW = dw[e] ?? 0
      if (changeW < 0) alpha = Math.min(alpha, (-fraction * (w[e] ?? 0)) / changeW)
    }
    for (let t = 0; t < n; t++) {
      const changeP = dp[t] ?? 0
      if (changeP < 0) alpha = Math.min(alpha, (-fraction * (price[t] ?? 0)) / changeP)
      const changeS = ds[t] ?? 0
      if (changeS < 0) alpha = Math.min(alpha, (-fraction * (slack[t] ?? 0)) / changeS)
    }
    return alpha
  }
  const complementarity = (alpha: number): number => {
    let sum = 0
    for (let e = 0; e < count; e++) {
      const change = alpha * (dx[e] ?? 0)
      sum += ((x[e] ?? 0) + change) * ((z[e] ?? 0) + alpha * (dz[e] ?? 0))
      sum += ((room[e] ?? 0) - change) * ((w[e] ?? 0) + alpha * (dw[e] ?? 0))
    }
    for (let t = 0; t < n; t++)
      sum += ((price[t] ?? 0) + alpha * (dp[t] ?? 0)) * ((slack[t] ?? 0) + alpha * (ds[t] ?? 0))
    return count + n > 0 ? sum / (2 * count + n) : 0
  }

  /**
   * The conditions' violations at the iterate (each edge's rate condition relative to its largest term, each
   * token's balance), into gap and balance: their largest, and the sum of their squares with the complementarity
   * products' distances from `centre` (the merit a step must lower).
   */
  const conditions = (centre: number): { violation: number; merit: number } => {
    let violation = 0
    let merit = 0
    for (let e = 0; e < count; e++) {
      const paid = price[from[e] ?? 0] ?? 1
      const got = (price[to[e] ?? 0] ?? 1) * (rate[e] ?? 0)
      const g = got - paid + (z[e] ?? 0) - (w[e] ?? 0)
      gap[e] = g
      // relative to the largest term (a worthless token's price falls to nothing, its edges' terms do not)
      const relative = Math.abs(g) / Math.max(paid, got, z[e] ?? 0, w[e] ?? 0, WORTHLESS)
      violation = Math.max(violation, relative)
      const lower = (x[e] ?? 0) * (z[e] ?? 0) - centre
      const upper = (room[e] ?? 0) * (w[e] ?? 0) - centre
      merit += relative * relative + lower * lower + upper * upper
    }
    for (let t = 0; t < n; t++) {
      const b = (balance[t] ?? 0) - (slack[t] ?? 0)
      balance[t] = b
      violation = Math.max(violation, Math.abs(b))
      const product = (price[t] ?? 0) * (slack[t] ?? 0) - centre
      merit += b * b + product * product
    }
    return { violation, merit }
  }
  const saved = { x: new Float64Array(count), room: new Float64Array(count), z: new Float64Array(count) }
  const savedW = new Float64Array(count)
  const savedPrice = new Float64Array(n)
  const savedSlack = new Float64Array(n)
  const moveTo = (alpha: number) => {
    for (let e = 0; e < count; e++) {
      x[e] = (saved.x[e] ?? 0) + alpha * (dx[e] ?? 0)
      room[e] = (saved.room[e] ?? 0) - alpha * (dx[e] ?? 0)
      z[e] = (saved.z[e] ?? 0) + alpha * (dz[e] ?? 0)
      w[e] = (savedW[e] ?? 0) + alpha * (dw[e] ?? 0)
    }
    for (let t = 0; t < n; t++) {
      price[t] = (savedPrice[t] ?? 0) + alpha * (dp[t] ?? 0)
      slack[t] = (savedSlack[t] ?? 0) + alpha * (ds[t] ?? 0)
    }
    evaluate()
    measureBalance()
  }

  const maxIterations = params.maxSweeps ?? MAX_ITERATIONS
  let iterations = 0
  for (; iterations < maxIterations; iterations++) {
    const mu = complementarity(0)
    const { violation } = conditions(mu)
    if (violation < TOLERANCE && mu < MIN_WEIGHT) break
    // predictor: straight for the optimum
    targetZ.fill(0)
    targetW.fill(0)
    targetS.fill(0)
    if (!direction(true)) break
    const affine = complementarity(longestStep(1))
    const centre = mu * Math.min(1, (affine / mu) ** 3)
    // corrector: toward the central path at the predicted weight, with the predictor's second-order terms
    for (let e = 0; e < count; e++) {
      targetZ[e] = centre - (dx[e] ?? 0) * (dz[e] ?? 0)
      targetW[e] = centre + (dx[e] ?? 0) * (dw[e] ?? 0)
    }
    for (let t = 0; t < n; t++) targetS[t] = centre - (dp[t] ?? 0) * (ds[t] ?? 0)
    if (!direction(false)) break
    // the merit at the iterate, measured toward the step's centre (conditions() rewrites gap and balance)
    measureBalance()
    const before = conditions(centre).merit
    saved.x.set(x)
    saved.room.set(room)
    saved.z.set(z)
    savedW.set(w)
    savedPrice.set(price.subarray(0, n))
    savedSlack.set(slack)
    // the models are piecewise (a slope changes at each sample): a full Newton step can overshoot a kink and
    // cycle, so halve it until the merit falls
    let alpha = longestStep(TO_BOUNDARY)
    for (let k = 0; ; k++) {
      moveTo(alpha)
      if (k === MAX_HALVINGS || conditions(centre).merit <= (1 - 1e-4 * alpha) * before) break
      alpha /= 2
    }
    measureBalance()
  }

  const prices = Array.from({ length: tokenCount }, (_, t) =>
    t === out ? 1 : ((price[t] ?? 1) * worth) / (unit[t] ?? 1),
  )
  // an edge closed at the optimum keeps an input of the barrier's order (the weight over its multiplier, which
  // is the price it loses): strict complementarity (input and multiplier, both of order one) tells them apart
  const isOpen = (e: number) => (x[e] ?? 0) > (z[e] ?? 0)
  const inputs = edges.map((_, e) => (isOpen(e) ? (x[e] ?? 0) * (inScale[e] ?? 1) : 0))
  const outputs = edges.map((_, e) => (isOpen(e) ? (value[e] ?? 0) * (outScale[e] ?? 1) : 0))
  const residual = conservationResidual(params, inputs, outputs, (t) => (price[t] ?? 0) < WORTHLESS)
  return { prices, inputs, outputs, sweeps: iterations, residual }
}

/**
 * The most of each token the whole input buys through one chain of pools (each pool's model within its cap);
 * 0 where the input does not reach.
 */
function reachedAmounts(tokenCount: number, edges: readonly FlowEdge[], total: number): number[] {
  const amounts = Array.from({ length: tokenCount }, (_, t) => (t === 0 ? Math.max(total, 0) : 0))
  for (let pass = 0, changed = true; changed && pass < tokenCount; pass++) {
    changed = false
    for (const edge of edges) {
      const held = amounts[edge.from] ?? 0
      if (held <= 0 || edge.to === 0) continue
      const got = flowCurveValue(edge.curve, held)
      if (got > (amounts[edge.to] ?? 0)) {
        amounts[edge.to] = got
        changed = true
      }
    }
  }
  return amounts
}

/**
 * Largest |inflow - outflow| of a token (the input token's `total` counted in), relative to its throughput; a
 * surplus counts only where the token is worth something (else no edge pays for more of it: its pools are full
 * or their marginal rates fell to zero, and the optimum leaves it there).
 */
function conservationResidual(
  params: { tokenCount: number; edges: readonly FlowEdge[]; total: number },
  inputs: readonly number[],
  outputs: readonly number[],
  isWorthless: (token: number) => boolean,
): number {
  const out = params.tokenCount - 1
  const excess = new Float64Array(params.tokenCount)
  const through = new Float64Array(params.tokenCount)
  excess[0] = params.total
  through[0] = params.total
  for (let e = 0; e < params.edges.length; e++) {
    const edge = params.edges[e]
    if (!edge) continue
    excess[edge.to] = (excess[edge.to] ?? 0) + (outputs[e] ?? 0)
    through[edge.to] = (through[edge.to] ?? 0) + (outputs[e] ?? 0)
    excess[edge.from] = (excess[edge.from] ?? 0) - (inputs[e] ?? 0)
    through[edge.from] = (through[edge.from] ?? 0) + (inputs[e] ?? 0)
  }
  let worst = 0
  for (let t = 0; t < out; t++) {
    const scale = through[t] ?? 0
    const surplus = excess[t] ?? 0
    if (scale > 0 && (surplus < 0 || !isWorthless(t))) worst = Math.max(worst, Math.abs(surplus) / scale)
  }
  return worst
}

/**
 * At input `x` of the model: the marginal rate (`flowCurveResponse`'s inverse: the chord slopes at their midpoints,
 * linear between them, flat before the first and after the last) and its slope, into rate[e] and slope[e]; the
 * output and its slope as `flowCurveValueAndSlope` gives them, into value[e] and valueSlope[e]. One search of the
 * samples serves both: the midpoint below x is that of x's segment or the one before.
 */
function evaluateModel(
  curve: FlowCurve,
  x: number,
  rate: Float64Array,
  slope: Float64Array,
  value: Float64Array,
  valueSlope: Float64Array,
  e: number,
): void {
  const { xs, ys, slopes, mids } = curve
  const last = xs.length - 1
  if (last < 1) {
    rate[e] = slopes[0] ?? 0
    slope[e] = 0
    value[e] = 0
    valueSlope[e] = 0
    return
  }
  // the segment of x: xs[lo] <= x < xs[lo + 1] (the last one at or past the last sample)
  let lo = 0
  if (x >= (xs[last] ?? 0)) lo = last - 1
  else {
    let hi = last
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1
      if ((xs[mid] ?? 0) <= x) lo = mid
      else hi = mid
    }
  }
  const x0 = xs[lo] ?? 0
  const y0 = ys[lo] ?? 0
  const chord = ((ys[lo + 1] ?? 0) - y0) / ((xs[lo + 1] ?? 0) - x0)
  value[e] = x <= 0 ? 0 : Math.min(ys[last] ?? 0, y0 + chord * (x - x0))
  valueSlope[e] = chord
  const top = slopes.length - 1
  if (top < 1 || x <= (mids[0] ?? 0)) {
    rate[e] = slopes[0] ?? 0
    slope[e] = 0
    return
  }
  if (x >= (mids[top] ?? 0)) {
    rate[e] = slopes[top] ?? 0
    slope[e] = 0
    return
  }
  // the last midpoint at or below x
  const j = x >= (mids[lo] ?? 0) ? lo : lo - 1
  const m0 = mids[j] ?? 0
  const s0 = slopes[j] ?? 0
  const s = ((slopes[j + 1] ?? 0) - s0) / ((mids[j + 1] ?? 0) - m0)
  rate[e] = s0 + s * (x - m0)
  slope[e] = s
}
