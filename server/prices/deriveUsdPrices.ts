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

interface PriceEdge {
  token0: Address
  token1: Address
  r0: number
  r1: number
}

/**
 * Derives a USD price for every token reachable from a stablecoin, each through its deepest pool
 * to an already-priced token (a widest-path search: the deepest connection is priced first, so a
 * thin long-tail pool never sets the price of a major). Pure; returns address -> USD per whole token.
 *
 * Prim's order over a heap of the frontier's pools, O(E log E): at 5,000 pools a block's prices cost about a
 * millisecond, where rescanning every pool per priced token cost seconds. Ties go to the pool listed first.
 */
export function deriveUsdPrices(
  pools: readonly PoolState[],
  tokens: readonly PricedToken[],
): Map<Address, number> {
  const decimals = new Map(tokens.map((t) => [getAddress(t.address), t.decimals]))
  const prices = new Map<Address, number>()

  const edges: PriceEdge[] = []
  const edgesOf = new Map<Address, number[]>()
  const link = (token: Address, index: number) => {
    const list = edgesOf.get(token)
    if (list === undefined) edgesOf.set(token, [index])
    else list.push(index)
  }
  for (const pool of pools) {
    const d0 = decimals.get(pool.token0)
    const d1 = decimals.get(pool.token1)
    if (d0 === undefined || d1 === undefined) continue
    const reserves = poolKindOf(pool).virtualReserves(pool)
    if (!reserves) continue
    const r0 = reserves[0] / 10 ** d0
    const r1 = reserves[1] / 10 ** d1
    if (!(r0 > 0 && r1 > 0)) continue
    link(pool.token0, edges.length)
    link(pool.token1, edges.length)
    edges.push({ token0: pool.token0, token1: pool.token1, r0, r1 })
  }

  const frontier = createCandidateHeap()
  const price = (token: Address, usd: number) => {
    prices.set(token, usd)
    for (const index of edgesOf.get(token) ?? []) {
      const e = edges[index] as PriceEdge
      // the pool's depth on the priced side, in USD
      frontier.push(e.token0 === token ? e.r0 * usd : e.r1 * usd, index, e.token0 === token ? 1 : 0)
    }
  }
  for (const t of tokens) if (t.isStable) prices.set(getAddress(t.address), 1)
  for (const [token, usd] of [...prices]) price(token, usd)

  for (let next = frontier.pop(); next !== undefined; next = frontier.pop()) {
    const e = edges[next.index] as PriceEdge
    const [target, from] = next.side === 1 ? [e.token1, e.token0] : [e.token0, e.token1]
    if (prices.has(target)) continue
    const fromUsd = prices.get(from) as number
    price(target, next.side === 1 ? (e.r0 * fromUsd) / e.r1 : (e.r1 * fromUsd) / e.r0)
  }
  return prices
}
