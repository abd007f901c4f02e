import { type FlowCurve, flowCurveResponse, flowCurveResponseSlope, flowCurveValue } from './sampleFlowCurve'

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
  /** Coordinate sweeps run. */
  readonly sweeps: number
  /** Largest conservation violation left, relative to the token's throughput. */
  readonly residual: number
}

const MAX_ROOT_STEPS = 64
/** Half-width of the first bracket of a token's log price after the first sweep. */
const WARM_BRACKET = 1e-3
/** The root search stops at this width of log price (the cold bracket of width 4 halved 48 times). */
const LOG_PRICE_TOLERANCE = 1e-10

/**
 * Solves the convex routing problem over concave pool models by dual decomposition (Diamandis et al. 2023):
 * one price per token (the output token's fixed at 1), each edge trading where its marginal rate meets the
 * ratio of its tokens' prices, and the prices found by Newton steps on all log prices together (the Jacobian
 * of the excess supplies from each edge's response slope, halved until the valued violations fall), with an
 * exact coordinate minimisation of the dual (a bisection in log price on each token's excess supply, which
 * rises with its price) first and wherever a Newton step does not help, until every token's inflow matches its
 * outflow (and the input token sends out `total`) within 1e-7, or `maxSweeps` iterations. Token 0 is
 * the input, the last token the output; edges may split and merge at every token. With `isWarm` (prices from
 * the solution of a nearby problem, e.g. before one pool was pruned) the first sweep brackets as tightly as the
 * later ones, widening only where needed. Pure.
 */
export function solveFlowPrices(params: {
  tokenCount: number
  edges: readonly FlowEdge[]
  total: number
  /** Starting prices (e.g. spot values in the output token); the output token's entry is ignored. */
  initialPrices: readonly number[]
  /** The starting prices are a solution of a nearby problem: every sweep brackets tightly around them. */
  isWarm?: boolean
  maxSweeps?: number
}): FlowSolution {
  const { tokenCount, edges, total } = params
  const out = tokenCount - 1
  const prices = params.initialPrices.map((p, t) => (t === out ? 1 : p > 0 && Number.isFinite(p) ? p : 1))
  const inputs = edges.map(() => 0)
  const outputs = edges.map(() => 0)
  const incoming: number[][] = Array.from({ length: tokenCount }, () => [])
  const outgoing: number[][] = Array.from({ length: tokenCount }, () => [])
  for (const [e, edge] of edges.entries()) {
    incoming[edge.to]?.push(e)
    outgoing[edge.from]?.push(e)
  }
  const respond = (e: number): void => {
    const edge = edges[e]
    if (!edge) return
    const x = flowCurveResponse(edge.curve, (prices[edge.from] ?? 1) / (prices[edge.to] ?? 1))
    inputs[e] = x
    outputs[e] = flowCurveValue(edge.curve, x)
  }
  const excessAt = (t: number, logPrice: number): number => {
    prices[t] = Math.exp(logPrice)
    let excess = t === 0 ? total : 0
    for (const e of incoming[t] ?? []) {
      respond(e)
      excess += outputs[e] ?? 0
    }
    for (const e of outgoing[t] ?? []) {
      respond(e)
      excess -= inputs[e] ?? 0
    }
    return excess
  }
  const throughput = (t: number) => {
    let sum = t === 0 ? total : 0
    for (const e of incoming[t] ?? []) sum += outputs[e] ?? 0
    for (const e of outgoing[t] ?? []) sum += inputs[e] ?? 0
    return sum
  }
  const excessOf = (t: number) => {
    let excess = t === 0 ? total : 0
    for (const e of incoming[t] ?? []) excess += outputs[e] ?? 0
    for (const e of outgoing[t] ?? []) excess -= inputs[e] ?? 0
    return excess
  }
  /** Every edge's response to the current prices, and the largest conservation violation left. */
  const measure = (): number => {
    for (let e = 0; e < edges.length; e++) respond(e)
    let worst = 0
    for (let t = 0; t < out; t++) {
      const scale = throughput(t)
      if (scale > 0) worst = Math.max(worst, Math.abs(excessOf(t)) / scale)
    }
    return worst
  }
  /** One exact minimisation of the dual along each token's price in turn (see findExcessRoot). */
  const sweep = (isCold: boolean) => {
    for (let t = 0; t < out; t++) {
      if ((outgoing[t]?.length ?? 0) === 0) continue
      // after the first sweep prices move little: bracket tightly around the last price, widening as needed
      const center = Math.log(prices[t] ?? 1)
      const width = isCold ? 2 : WARM_BRACKET
      let lo = center - width
      let hi = center + width
      let excessLo = excessAt(t, lo)
      for (let k = 0, step = width; k < 24 && excessLo > 0; k++, step *= 4) {
        lo -= step
        excessLo = excessAt(t, lo)
      }
      let excessHi = excessAt(t, hi)
      for (let k = 0, step = width; k < 24 && excessHi < 0; k++, step *= 4) {
        hi += step
        excessHi = excessAt(t, hi)
      }
      excessAt(t, findExcessRoot(lo, hi, excessLo, excessHi, t, excessAt))
    }
  }
  /**
   * A Newton step on all log prices at once (the excess supplies' Jacobian from each edge's response slope),
   * halved until it lowers the violations valued at the step's starting prices (the sum of their squares);
   * returns whether it took a step (else the prices are unchanged). Coordinate sweeps crawl where pools are deep
   * and tokens chained (each price is pinned by its neighbours'); the joint step does not.
   */
  const newton = (): boolean => {
    const n = out
    const start = prices.slice()
    const violation = () => {
      let sum = 0
      for (let t = 0; t < n; t++) sum += ((start[t] ?? 1) * excessOf(t)) ** 2
      return sum
    }
    const current = violation()
    const jacobian = new Float64Array(n * n)
    const rhs = new Float64Array(n)
    for (let t = 0; t < n; t++) rhs[t] = -excessOf(t)
    const add = (row: number, col: number, value: number) => {
      if (row < n && col < n) jacobian[row * n + col] = (jacobian[row * n + col] ?? 0) + value
    }
    for (const edge of edges) {
      const a = edge.from
      const b = edge.to
      const rate = (prices[a] ?? 1) / (prices[b] ?? 1)
      const d = flowCurveResponseSlope(edge.curve, rate) * rate
      if (d === 0) continue
      add(a, a, -d)
      add(a, b, d)
      add(b, a, rate * d)
      add(b, b, -rate * d)
    }
    // a token no priced pool touches keeps its price (its row would make the system singular)
    for (let t = 0; t < n; t++) {
      let empty = true
      for (let k = 0; k < n && empty; k++) empty = (jacobian[t * n + k] ?? 0) === 0
      if (empty) {
        jacobian[t * n + t] = 1
        rhs[t] = 0
      }
    }
    const step = solveLinear(jacobian, rhs, n)
    if (!step) return false
    let longest = 0
    for (const x of step) longest = Math.max(longest, Math.abs(x))
    for (let scale = longest > 2 ? 2 / longest : 1, k = 0; k < 8; k++, scale /= 2) {
      for (let t = 0; t < n; t++) prices[t] = (start[t] ?? 1) * Math.exp(scale * (step[t] ?? 0))
      measure()
      if (violation() < current) return true
    }
    for (let t = 0; t < n; t++) prices[t] = start[t] ?? 1
    measure()
    return false
  }
  const maxSweeps = params.maxSweeps ?? 60
  let sweeps = 0
  let residual = measure()
  while (sweeps < maxSweeps && residual >= 1e-7) {
    sweeps++
    if ((sweeps > 1 || params.isWarm) && newton()) {
      residual = measure()
      continue
    }
    sweep(sweeps === 1 && !params.isWarm)
    residual = measure()
  }
  return { prices, inputs, outputs, sweeps, residual }
}

/**
 * The log price in [lowest, highest] where a token's excess supply (rising with its price, <= 0 at lo, >= 0 at hi)
 * crosses zero, within LOG_PRICE_TOLERANCE: false position with the Illinois rule (the excess is piecewise
 * smooth in log price, so this takes a few steps where halving the bracket took about 40), falling back to
 * halving when a step would not shrink the bracket.
 */
function findExcessRoot(
  lowest: number,
  highest: number,
  excessLowest: number,
  excessHighest: number,
  token: number,
  excessAt: (token: number, logPrice: number) => number,
): number {
  let lo = lowest
  let hi = highest
  let excessLo = excessLowest
  let excessHi = excessHighest
  let side = 0
  for (let k = 0; k < MAX_ROOT_STEPS && hi - lo > LOG_PRICE_TOLERANCE; k++) {
    const secant = excessHi > excessLo ? hi - (excessHi * (hi - lo)) / (excessHi - excessLo) : Number.NaN
    const inside = secant > lo && secant < hi
    const x = inside ? secant : (lo + hi) / 2
    const excess = excessAt(token, x)
    if (excess === 0) return x
    if (excess > 0) {
      hi = x
      excessHi = excess
      if (side === 1 && inside) excessLo /= 2
      side = 1
    } else {
      lo = x
      excessLo = excess
      if (side === -1 && inside) excessHi /= 2
      side = -1
    }
  }
  return (lo + hi) / 2
}

/**
 * Solves the n x n system `matrix` x = `rhs` (row-major) by Gaussian elimination with partial pivoting; null
 * when it is singular (a token no priced pool touches).
 */
function solveLinear(matrix: Float64Array, rhs: Float64Array, n: number): Float64Array | null {
  const m = matrix.slice()
  const b = rhs.slice()
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(m[row * n + col] ?? 0) > Math.abs(m[pivot * n + col] ?? 0)) pivot = row
    }
    const p = m[pivot * n + col] ?? 0
    if (!(Math.abs(p) > 0) || !Number.isFinite(p)) return null
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const tmp = m[col * n + k] ?? 0
        m[col * n + k] = m[pivot * n + k] ?? 0
        m[pivot * n + k] = tmp
      }
      const tmp = b[col] ?? 0
      b[col] = b[pivot] ?? 0
      b[pivot] = tmp
    }
    for (let row = col + 1; row < n; row++) {
      const factor = (m[row * n + col] ?? 0) / p
      if (factor === 0) continue
      for (let k = col; k < n; k++) m[row * n + k] = (m[row * n + k] ?? 0) - factor * (m[col * n + k] ?? 0)
      b[row] = (b[row] ?? 0) - factor * (b[col] ?? 0)
    }
  }
  const x = new Float64Array(n)
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row] ?? 0
    for (let k = row + 1; k < n; k++) sum -= (m[row * n + k] ?? 0) * (x[k] ?? 0)
    const value = sum / (m[row * n + row] ?? 1)
    if (!Number.isFinite(value)) return null
    x[row] = value
  }
  return x
}
