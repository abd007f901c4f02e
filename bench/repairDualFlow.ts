import { poolKindOf } from '../server/poolKinds/poolKinds'
import type { PoolState } from '../server/routing/types'

/** A pool direction the dual trades through, with the value it pays in at the dual prices (a weight). */
export interface DualFlowEdge {
  readonly pool: PoolState
  readonly zeroForOne: boolean
  /** Token indices. */
  readonly from: number
  readonly to: number
  /** ν[from] · paid: what enters the pool, valued at the dual prices (comparable across tokens). */
  readonly value: number
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
  /** The dual's value through the pool (after cycles are cancelled): how much the flow leans on it. */
  readonly value: number
}

export interface RepairedFlow {
  /** Exact output reaching tokenOut. */
  amountOut: bigint
  /** Pools in the order they run (every pool's input is known before it runs). */
  steps: RepairedStep[]
  /** Pools per path: the most pools on any path from tokenIn to tokenOut. */
  hops: number
}

/** Outgoing edges below this share of a token's largest carry nothing. */
const DUST = 1e-7

interface WorkEdge {
  readonly edge: DualFlowEdge
  value: number
}

/**
 * A conserving, executable flow from the dual's pool flows, valued with EXACT pool math (each kind's hop
 * simulator): cycles (arbitrage among the pools, which the dual's flows carry at any trade size) are cancelled
 * in value units (each cycle's smallest value is taken off every edge of it, which keeps value conserved), then
 * tokens run in topological order and each splits what it actually received over its outgoing pools in the
 * dual's remaining proportions (integer shares, the remainder to the largest). Each pool runs once, in one
 * direction. What a pool cannot take or what reaches a token without an outgoing pool is lost, so the value is
 * a feasible output: a lower bound on the optimum.
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
  const byPool = new Map<PoolState, WorkEdge>()
  for (const e of params.edges) {
    if (!(e.value > 0) || e.from === tokenOut) continue
    const other = byPool.get(e.pool)
    if (!other || other.value < e.value) byPool.set(e.pool, { edge: e, value: e.value })
  }
  let edges = [...byPool.values()]
  const order: number[] = []
  // Kahn's order from tokenIn; where a cycle blocks it, the cycle is cancelled (each round in O(tokens + edges):
  // a large market's dual flows carry hundreds of cycles)
  for (;;) {
    const leaving = edgesAt(edges, tokenCount, (e) => e.from)
    const reachable = new Uint8Array(tokenCount)
    reachable[tokenIn] = 1
    let reached = 1
    for (const stack = [tokenIn]; stack.length > 0; ) {
      for (const { edge } of leaving[stack.pop() ?? 0] ?? []) {
        if (reachable[edge.to]) continue
        reachable[edge.to] = 1
        reached++
        stack.push(edge.to)
      }
    }
    edges = edges.filter((e) => reachable[e.edge.from])
    const indegree = new Int32Array(tokenCount)
    for (const { edge } of edges) indegree[edge.to] = (indegree[edge.to] ?? 0) + 1
    // every reached token but tokenIn has an edge in from a reached token: only tokenIn can start
    const queue = indegree[tokenIn] === 0 ? [tokenIn] : []
    order.length = 0
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i] ?? 0
      order.push(t)
      for (const { edge } of leaving[t] ?? []) {
        indegree[edge.to] = (indegree[edge.to] ?? 0) - 1
        if (indegree[edge.to] === 0) queue.push(edge.to)
      }
    }
    if (order.length === reached) break
    // every token left has an edge in from another token left: walk those backwards until a token repeats
    const done = new Uint8Array(tokenCount)
    for (const t of order) done[t] = 1
    const left = edges.filter((e) => !done[e.edge.from])
    const entering = edgesAt(left, tokenCount, (e) => e.to)
    const walk: WorkEdge[] = []
    const seen = new Map<number, number>()
    let at = left[0]?.edge.to ?? tokenOut
    while (!seen.has(at)) {
      seen.set(at, walk.length)
      const into = (entering[at] ?? []).reduce((m, e) => (e.value > m.value ? e : m))
      walk.push(into)
      at = into.edge.from
    }
    const cycle = walk.slice(seen.get(at))
    const least = cycle.reduce((m, e) => (e.value < m.value ? e : m))
    const amount = least.value
    for (const e of cycle) e.value = e === least ? 0 : e.value - amount
    edges = edges.filter((e) => e.value > 0)
  }
  const received = Array.from({ length: tokenCount }, () => 0n)
  const depth = Array.from({ length: tokenCount }, () => 0)
  received[tokenIn] = params.amountIn
  const steps: RepairedStep[] = []
  const leavingAt = edgesAt(edges, tokenCount, (e) => e.from)
  for (const t of order) {
    const have = received[t] ?? 0n
    const leaving = leavingAt[t] ?? []
    const most = leaving.reduce((m, e) => Math.max(m, e.value), 0)
    // dust edges (rounding noise of the dual, each a pool to pay gas for) give their share to the others
    const out = leaving.filter((e) => e.value >= most * DUST)
    if (t === tokenOut || out.length === 0 || have === 0n) continue
    const weight = out.reduce((s, e) => s + e.value, 0)
    const shares = out.map((e) => BigInt(Math.floor((Number(have) * e.value) / weight)))
    const largest = out.reduce((m, e, i) => (e.value > (out[m]?.value ?? 0) ? i : m), 0)
    shares[largest] = (shares[largest] ?? 0n) + have - shares.reduce((s, x) => s + x, 0n)
    for (const [i, { edge, value }] of out.entries()) {
      const amount = shares[i] ?? 0n
      if (amount <= 0n) continue
      const swap = simulate(edge, amount)
      if (!swap) continue
      received[edge.to] = (received[edge.to] ?? 0n) + swap.amountOut
      depth[edge.to] = Math.max(depth[edge.to] ?? 0, (depth[t] ?? 0) + 1)
      steps.push({
        pool: edge.pool,
        zeroForOne: edge.zeroForOne,
        from: edge.from,
        to: edge.to,
        amountIn: swap.amountIn,
        amountOut: swap.amountOut,
        ticksCrossed: swap.ticksCrossed,
        value,
      })
    }
  }
  return { amountOut: received[tokenOut] ?? 0n, steps, hops: depth[tokenOut] ?? 0 }
}

/** `edges` by the token `side` names (each token's in their order in `edges`). */
function edgesAt(edges: readonly WorkEdge[], tokenCount: number, side: (e: DualFlowEdge) => number) {
  const at = Array.from({ length: tokenCount }, (): WorkEdge[] => [])
  for (const e of edges) at[side(e.edge)]?.push(e)
  return at
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
