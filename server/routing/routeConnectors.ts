import type { Address } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolGraph } from './buildPoolGraph'
import { sellsToken0 } from './sellsToken0'
import type { PoolState, TokenFacts } from './types'

/** Of each end's neighbours that are no connector, at most this many join a request's intermediates. */
export const DEEP_NEIGHBOURS_PER_END = 5
/** Of each of those's own neighbours, at most this many join too (a long tail's liquidity runs in chains). */
export const DEEP_NEIGHBOURS_NEXT = 2
/** And of each of those's, this many (LT0558 -> DAI for $17k on the large market: 9.1 -> 4.1 bp short). */
export const DEEP_NEIGHBOURS_THIRD = 1
/** A neighbour joins only if its pools with the token take this share of its deepest neighbour's (not an end's). */
export const DEEP_NEIGHBOUR_MIN_SHARE = 0.005

/** Each graph's neighbours of a token, deepest first (see `neighboursByDepth`). */
const rankedByGraph = new WeakMap<PoolGraph, Map<string, readonly { token: string; depth: number }[]>>()

/**
 * The intermediates of one request: the chain's `connectors`; for each end, its deepest neighbours that are none
 * (at most DEEP_NEIGHBOURS_PER_END, each with at least DEEP_NEIGHBOUR_MIN_SHARE of the depth of the end's deepest
 * neighbour other than the trade's ends), as Uniswap's router takes the top pools of the trade's own tokens; for
 * each of those, its own deepest (DEEP_NEIGHBOURS_NEXT, by the same rule), and for each of these, its deepest
 * (DEEP_NEIGHBOURS_THIRD). A long-tail token's liquidity often lies against other long-tail tokens, in chains: on
 * the large market's cold mix, of 40 trades of $10k or more, 12 were over 1 bp short of the optimum through the
 * stable and major connectors alone (LT0038 -> AAVE for $27,900 by 36%), 6 with these (the largest 206 bp: LT1264
 * -> WETH, whose optimum takes 99 pools, the Aggregator runs 24 steps; bench/largeRouteQuality.ts). Taxed and
 * unverified tokens (`tokens`) never join: a token imported by address is traded, not routed through. Depth is
 * what the pools take of the token within DEPTH_IMPACT (`poolDepth`), in its own units, so only one token's
 * neighbours are compared. Pure; the ranking is memoized per graph, the depths per pool state.
 */
export function routeConnectors(
  graph: PoolGraph,
  params: {
    readonly tokenIn: Address
    readonly tokenOut: Address
    readonly connectors: readonly Address[]
    readonly tokens?: readonly TokenFacts[]
  },
): readonly Address[] {
  const inKey = params.tokenIn.toLowerCase()
  const outKey = params.tokenOut.toLowerCase()
  const known = new Set(params.connectors.map((c) => c.toLowerCase()))
  const refused = new Set(
    (params.tokens ?? [])
      .filter((t) => (t.transferFeeBps ?? 0) > 0 || t.unverified === true)
      .map((t) => t.address.toLowerCase()),
  )
  const added: Address[] = []
  const take = (from: string, most: number) => {
    const ranked = neighboursByDepth(graph, from)
    // against its deepest neighbour but the trade's ends: a chain's pool back to the end it leads from is often
    // its deepest, and would set the bar for the pools on (LT0907 -> USDC on the large market: 65 bp short)
    const deepest = ranked.find(({ token }) => token !== inKey && token !== outKey)
    const floor = (deepest?.depth ?? 0) * DEEP_NEIGHBOUR_MIN_SHARE
    let taken = 0
    for (const { token, depth } of ranked) {
      if (taken >= most || depth < floor) break
      if (token === inKey || token === outKey || known.has(token) || refused.has(token)) continue
      const address = graph.addresses.get(token)
      if (!address) continue
      known.add(token)
      added.push(address)
      taken++
    }
  }
  take(inKey, DEEP_NEIGHBOURS_PER_END)
  take(outKey, DEEP_NEIGHBOURS_PER_END)
  const first = added.slice()
  for (const token of first) take(token.toLowerCase(), DEEP_NEIGHBOURS_NEXT)
  for (const token of added.slice(first.length)) take(token.toLowerCase(), DEEP_NEIGHBOURS_THIRD)
  return added.length === 0 ? params.connectors : [...params.connectors, ...added]
}

/**
 * The tokens beside `token` in `graph` (lower-cased) with their depth: what the pools between them take of
 * `token` within DEPTH_IMPACT (`poolDepth`), summed; deepest first.
 */
function neighboursByDepth(graph: PoolGraph, token: string): readonly { token: string; depth: number }[] {
  let byToken = rankedByGraph.get(graph)
  if (!byToken) {
    byToken = new Map()
    rankedByGraph.set(graph, byToken)
  }
  const known = byToken.get(token)
  if (known) return known
  const ranked: { token: string; depth: number }[] = []
  for (const [neighbour, ids] of graph.adjacency.get(token) ?? []) {
    let depth = 0
    for (const id of ids) {
      const pool = graph.pools[id]
      if (pool) depth += poolDepth(pool, sellsToken0(pool, token))
    }
    if (depth > 0) ranked.push({ token: neighbour, depth })
  }
  ranked.sort((a, b) => b.depth - a.depth || (a.token < b.token ? -1 : 1))
  byToken.set(token, ranked)
  return ranked
}

/** The price impact within which `poolDepth` measures what a pool takes. */
export const DEPTH_IMPACT = 0.02

/** Each pool state's depth from either side (index 0: selling token0), measured once per state object. */
const depthByPool = new WeakMap<object, [number | undefined, number | undefined]>()

/**
 * How much of its input token (token0 when `zeroForOne`) the pool takes before its average rate falls
 * DEPTH_IMPACT below its spot rate after fee: a pair's 2% of its reserve, a concentrated pool's liquidity near
 * its price only (its in-range virtual reserves overstate a narrow position by orders of magnitude), by a
 * bisection over the amount's logarithm on the pool's float math. 0 when it takes nothing. Memoized per state.
 */
export function poolDepth(pool: PoolState, zeroForOne: boolean): number {
  let known = depthByPool.get(pool)
  if (!known) {
    known = [undefined, undefined]
    depthByPool.set(pool, known)
  }
  const side = zeroForOne ? 0 : 1
  const cached = known[side]
  if (cached !== undefined) return cached
  const depth = measureDepth(pool, zeroForOne)
  known[side] = depth
  return depth
}

function measureDepth(pool: PoolState, zeroForOne: boolean): number {
  const kind = poolKindOf(pool)
  const reserves = kind.isUsable(pool) ? kind.virtualReserves(pool) : undefined
  const scale = reserves?.[zeroForOne ? 0 : 1] ?? 0
  if (!(scale > 0) || !Number.isFinite(scale)) return 0
  const simulator = kind.createHopSimulator(pool, zeroForOne)
  const tiny = scale * 1e-9
  const first = simulator.approxExactIn(tiny)
  if (first === null || !(first > 0)) return 0
  const floor = (first / tiny) * (1 - DEPTH_IMPACT)
  const holds = (x: number) => {
    const out = simulator.approxExactIn(x)
    return out !== null && out >= x * floor
  }
  // a pair holds to ~2% of its reserve; a concentrated pool to less where its liquidity ends nearer
  let lo = Math.log2(tiny)
  let hi = Math.log2(scale * 0.05)
  if (holds(2 ** hi)) return 2 ** hi
  for (let step = 0; step < DEPTH_STEPS; step++) {
    const mid = (lo + hi) / 2
    if (holds(2 ** mid)) lo = mid
    else hi = mid
  }
  return 2 ** lo
}

/** Bisection steps of `poolDepth` (from a span of ~26 octaves to under a hundredth of one). */
const DEPTH_STEPS = 12
