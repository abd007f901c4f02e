import { type Address, getAddress } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolState } from '../routing/types'
import { createCandidateHeap } from './createCandidateHeap'

export interface PricedToken {
  address: Address
  decimals: number
  /** Stablecoins are the anchors: worth 1 USD each. */
  isStable: boolean
}

/**
 * The pools' tokens as numbers and each token's pools, for a pool list and a token list: what does not change
 * from one block to the next (a block replaces pool states in their places, see `replacePoolStates`), so a
 * block's prices read each pool's reserves and walk arrays instead of building maps of addresses.
 */
interface PriceGraph {
  /** Each pool's tokens as the pools spell them, to tell that a later list has the same pools in place. */
  readonly token0s: readonly Address[]
  readonly token1s: readonly Address[]
  /** The listed tokens by index, and each pool's token indices (-1: a token outside the list). */
  readonly addresses: readonly Address[]
  readonly index0: Int32Array
  readonly index1: Int32Array
  /** 10^decimals of each pool's tokens. */
  readonly unit0: Float64Array
  readonly unit1: Float64Array
  /** Each token's pools in list order: `pools[start[t] .. start[t + 1])`. */
  readonly start: Int32Array
  readonly pools: Int32Array
  readonly stables: readonly number[]
}

/** Each token list's graph of the last pool list priced with it (a chain's market passes one list a chain). */
const graphsByTokens = new WeakMap<readonly PricedToken[], PriceGraph>()

function priceGraphOf(pools: readonly PoolState[], tokens: readonly PricedToken[]): PriceGraph {
  const last = graphsByTokens.get(tokens)
  if (last && last.token0s.length === pools.length) {
    let same = true
    for (let i = 0; i < pools.length && same; i++) {
      const pool = pools[i] as PoolState
      same = pool.token0 === last.token0s[i] && pool.token1 === last.token1s[i]
    }
    if (same) return last
  }
  const addresses = tokens.map((t) => getAddress(t.address))
  // a token listed twice is one token, its first entry's
  const indexOf = new Map<Address, number>()
  for (const [i, address] of addresses.entries()) if (!indexOf.has(address)) indexOf.set(address, i)
  const index0 = new Int32Array(pools.length)
  const index1 = new Int32Array(pools.length)
  const unit0 = new Float64Array(pools.length)
  const unit1 = new Float64Array(pools.length)
  const degree = new Int32Array(tokens.length + 1)
  for (const [i, pool] of pools.entries()) {
    const a = indexOf.get(pool.token0) ?? -1
    const b = indexOf.get(pool.token1) ?? -1
    index0[i] = a
    index1[i] = b
    if (a < 0 || b < 0) continue
    unit0[i] = 10 ** (tokens[a]?.decimals ?? 0)
    unit1[i] = 10 ** (tokens[b]?.decimals ?? 0)
    degree[a + 1] = (degree[a + 1] ?? 0) + 1
    degree[b + 1] = (degree[b + 1] ?? 0) + 1
  }
  const start = new Int32Array(tokens.length + 1)
  for (let t = 0; t < tokens.length; t++) start[t + 1] = (start[t] ?? 0) + (degree[t + 1] ?? 0)
  const filled = start.slice(0, tokens.length)
  const poolsOf = new Int32Array(start[tokens.length] ?? 0)
  for (let i = 0; i < pools.length; i++) {
    const a = index0[i] ?? -1
    const b = index1[i] ?? -1
    if (a < 0 || b < 0) continue
    for (const t of [a, b]) {
      const at = filled[t] ?? 0
      poolsOf[at] = i
      filled[t] = at + 1
    }
  }
  const graph: PriceGraph = {
    token0s: pools.map((p) => p.token0),
    token1s: pools.map((p) => p.token1),
    addresses,
    index0,
    index1,
    unit0,
    unit1,
    start,
    pools: poolsOf,
    stables: [
      ...new Set(tokens.flatMap((t, i) => (t.isStable ? [indexOf.get(addresses[i] as Address) ?? i] : []))),
    ],
  }
  graphsByTokens.set(tokens, graph)
  return graph
}

/**
 * Each pool state's (virtual) reserves as floats: a state never changes (a new block's is a new object), and a
 * block changes a few of thousands of pools, so a block converts those few (V3's from its price and liquidity).
 */
const reservesByState = new WeakMap<PoolState, readonly [number, number] | null>()

function reservesOf(pool: PoolState): readonly [number, number] | null {
  let known = reservesByState.get(pool)
  if (known === undefined) {
    known = poolKindOf(pool).virtualReserves(pool) ?? null
    reservesByState.set(pool, known)
  }
  return known
}

/**
 * Derives a USD price for every token reachable from a stablecoin, each through its deepest pool
 * to an already-priced token (a widest-path search: the deepest connection is priced first, so a
 * thin long-tail pool never sets the price of a major). Pure; returns address -> USD per whole token.
 *
 * Prim's order over a heap of the frontier's pools, O(E log E), over the pools and tokens as numbers (kept
 * from block to block while the list holds the same pools in place): at 5,000 pools a few milliseconds, where
 * rescanning every pool per priced token cost seconds. Ties go to the pool listed first.
 */
export function deriveUsdPrices(
  pools: readonly PoolState[],
  tokens: readonly PricedToken[],
): Map<Address, number> {
  const graph = priceGraphOf(pools, tokens)
  const { index0, index1, unit0, unit1, start } = graph
  // each pool's reserves in whole tokens (0: a pool that prices nothing)
  const r0 = new Float64Array(pools.length)
  const r1 = new Float64Array(pools.length)
  for (let i = 0; i < pools.length; i++) {
    if ((index0[i] ?? -1) < 0 || (index1[i] ?? -1) < 0) continue
    const reserves = reservesOf(pools[i] as PoolState)
    if (!reserves) continue
    const a = reserves[0] / (unit0[i] ?? 1)
    const b = reserves[1] / (unit1[i] ?? 1)
    if (!(a > 0 && b > 0)) continue
    r0[i] = a
    r1[i] = b
  }

  const usd = new Float64Array(tokens.length).fill(Number.NaN)
  const order: number[] = []
  const frontier = createCandidateHeap()
  const price = (token: number, value: number) => {
    usd[token] = value
    order.push(token)
    for (let k = start[token] ?? 0; k < (start[token + 1] ?? 0); k++) {
      const i = graph.pools[k] ?? 0
      if (!((r0[i] ?? 0) > 0)) continue
      // the pool's depth on the priced side, in USD
      const priced0 = index0[i] === token
      frontier.push(priced0 ? (r0[i] ?? 0) * value : (r1[i] ?? 0) * value, i, priced0 ? 1 : 0)
    }
  }
  for (const t of graph.stables) if (Number.isNaN(usd[t])) price(t, 1)
  for (let next = frontier.pop(); next !== undefined; next = frontier.pop()) {
    const i = next.index
    const [target, from] =
      next.side === 1 ? [index1[i] ?? 0, index0[i] ?? 0] : [index0[i] ?? 0, index1[i] ?? 0]
    if (!Number.isNaN(usd[target])) continue
    const fromUsd = usd[from] ?? 0
    const a = r0[i] ?? 0
    const b = r1[i] ?? 0
    price(target, next.side === 1 ? (a * fromUsd) / b : (b * fromUsd) / a)
  }
  return new Map(order.map((t) => [graph.addresses[t] as Address, usd[t] as number]))
}
