import { type FlowCurve, flowCurveResponse, flowCurveValue } from './sampleFlowCurve'

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
 * ratio of its tokens' prices, and the prices found by exact coordinate minimisation of the dual (a bisection
 * in log price on each token's excess supply, which rises with its price), sweeping until every token's
 * inflow matches its outflow (and the input token sends out `total`) within 1e-7, or `maxSweeps`. Token 0 is
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
  for (let e = 0; e < edges.length; e++) respond(e)
  const maxSweeps = params.maxSweeps ?? 60
  let sweeps = 0
  let residual = Number.POSITIVE_INFINITY
  while (sweeps < maxSweeps) {
    sweeps++
    for (let t = 0; t < out; t++) {
      if ((outgoing[t]?.length ?? 0) === 0) continue
      // after the first sweep prices move little: bracket tightly around the last price, widening as needed
      const center = Math.log(prices[t] ?? 1)
      const width = sweeps === 1 && !params.isWarm ? 2 : WARM_BRACKET
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
    residual = 0
    for (let t = 0; t < out; t++) {
      const scale = throughput(t)
      if (scale <= 0) continue
      residual = Math.max(residual, Math.abs(excessAt(t, Math.log(prices[t] ?? 1))) / scale)
    }
    if (residual < 1e-7) break
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
