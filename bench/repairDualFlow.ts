import { poolKindOf } from '../server/poolKinds/poolKinds'
import type { PoolState } from '../server/routing/types'

/** A pool direction the dual trades through, with the amount it pays in at the dual prices (a weight). */
export interface DualFlowEdge {
  readonly pool: PoolState
  readonly zeroForOne: boolean
  /** Token indices. */
  readonly from: number
  readonly to: number
  readonly paid: number
}

/** One pool of the repaired flow, evaluated exactly. */
export interface RepairedStep {
  readonly pool: PoolState
  readonly zeroForOne: boolean
  readonly from: number
  readonly to: number
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly ticksCrossed: number
}

export interface RepairedFlow {
  /** Exact output reaching tokenOut. */
  amountOut: bigint
  /** Pools in the order they run (every pool's input is known before it runs). */
  steps: RepairedStep[]
  /** Pools per path: the most pools on any path from tokenIn to tokenOut. */
  hops: number
}

/**
 * A conserving, executable flow from the dual's pool flows, valued with EXACT pool math (each kind's hop
 * simulator): cycles are broken by dropping their smallest edge, then tokens run in topological order and each
 * splits what it actually received over its outgoing pools in the dual's proportions (integer shares, the
 * remainder to the largest). What a pool cannot take (its liquidity runs out) or what reaches a token without an
 * outgoing pool is lost, so the value is a feasible output, a lower bound on the optimum.
 */
export function repairDualFlow(params: {
  tokenCount: number
  tokenIn: number
  tokenOut: number
  amountIn: bigint
  edges: readonly DualFlowEdge[]
}): RepairedFlow {
  const { tokenCount, tokenIn, tokenOut } = params
  // one direction per pool (the larger), no edge leaving tokenOut
  const byPool = new Map<PoolState, DualFlowEdge>()
  for (const e of params.edges) {
    if (!(e.paid > 0) || e.from === tokenOut) continue
    const other = byPool.get(e.pool)
    if (!other || other.paid < e.paid) byPool.set(e.pool, e)
  }
  let edges = [...byPool.values()]
  const order: number[] = []
  // Kahn's order from tokenIn; where a cycle blocks it, its smallest edge goes
  for (;;) {
    const reachable = new Set([tokenIn])
    for (let grew = true; grew; ) {
      grew = false
      for (const e of edges) {
        if (reachable.has(e.from) && !reachable.has(e.to)) {
          reachable.add(e.to)
          grew = true
        }
      }
    }
    edges = edges.filter((e) => reachable.has(e.from))
    const indegree = Array.from({ length: tokenCount }, () => 0)
    for (const e of edges) indegree[e.to] = (indegree[e.to] ?? 0) + 1
    const queue = [...reachable].filter((t) => (indegree[t] ?? 0) === 0)
    order.length = 0
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i] ?? 0
      order.push(t)
      for (const e of edges) {
        if (e.from !== t) continue
        indegree[e.to] = (indegree[e.to] ?? 0) - 1
        if (indegree[e.to] === 0) queue.push(e.to)
      }
    }
    if (order.length === reachable.size) break
    const done = new Set(order)
    const inCycle = edges.filter((e) => !done.has(e.from) && !done.has(e.to))
    const smallest = inCycle.reduce((m, e) => (e.paid < m.paid ? e : m))
    edges = edges.filter((e) => e !== smallest)
  }
  const received = Array.from({ length: tokenCount }, () => 0n)
  const depth = Array.from({ length: tokenCount }, () => 0)
  received[tokenIn] = params.amountIn
  const steps: RepairedStep[] = []
  for (const t of order) {
    const have = received[t] ?? 0n
    const out = edges.filter((e) => e.from === t)
    if (t === tokenOut || out.length === 0 || have === 0n) continue
    const weight = out.reduce((s, e) => s + e.paid, 0)
    const shares = out.map((e) => BigInt(Math.floor((Number(have) * e.paid) / weight)))
    const largest = out.reduce((m, e, i) => (e.paid > (out[m]?.paid ?? 0) ? i : m), 0)
    const rest = have - shares.reduce((s, x) => s + x, 0n)
    shares[largest] = (shares[largest] ?? 0n) + rest
    for (const [i, e] of out.entries()) {
      const amount = shares[i] ?? 0n
      if (amount <= 0n) continue
      const swap = simulate(e, amount)
      if (!swap) continue
      received[e.to] = (received[e.to] ?? 0n) + swap.amountOut
      depth[e.to] = Math.max(depth[e.to] ?? 0, (depth[t] ?? 0) + 1)
      steps.push({
        ...e,
        amountIn: swap.amountIn,
        amountOut: swap.amountOut,
        ticksCrossed: swap.ticksCrossed,
      })
    }
  }
  return { amountOut: received[tokenOut] ?? 0n, steps, hops: depth[tokenOut] ?? 0 }
}

/** The pool's exact swap of `amount` (undefined where it reverts or gives nothing). */
function simulate(edge: DualFlowEdge, amount: bigint) {
  try {
    const swap = poolKindOf(edge.pool).createHopSimulator(edge.pool, edge.zeroForOne).exactIn(amount)
    return swap.amountOut > 0n ? swap : undefined
  } catch (error: unknown) {
    if (error instanceof Error && error.name === 'SwapRevertError') return undefined
    throw error
  }
}
