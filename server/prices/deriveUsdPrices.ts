import { type Address, getAddress } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolState } from '../routing/types'

export interface PricedToken {
  address: Address
  decimals: number
  /** Stablecoins are the anchors: worth 1 USD each. */
  isStable: boolean
}

/**
 * Derives a USD price for every token reachable from a stablecoin, each through its deepest pool
 * to an already-priced token (a widest-path search: the deepest connection is priced first, so a
 * thin long-tail pool never sets the price of a major). Pure; returns address -> USD per whole token.
 */
export function deriveUsdPrices(
  pools: readonly PoolState[],
  tokens: readonly PricedToken[],
): Map<Address, number> {
  const decimals = new Map(tokens.map((t) => [getAddress(t.address), t.decimals]))
  const prices = new Map<Address, number>()
  for (const t of tokens) if (t.isStable) prices.set(getAddress(t.address), 1)

  const edges = pools.flatMap((pool) => {
    const d0 = decimals.get(pool.token0)
    const d1 = decimals.get(pool.token1)
    if (d0 === undefined || d1 === undefined) return []
    const reserves = poolKindOf(pool).virtualReserves(pool)
    if (!reserves) return []
    const r0 = reserves[0] / 10 ** d0
    const r1 = reserves[1] / 10 ** d1
    if (!(r0 > 0 && r1 > 0)) return []
    return [{ token0: pool.token0, token1: pool.token1, r0, r1 }]
  })

  for (;;) {
    let best: { token: Address; price: number; depthUsd: number } | undefined
    for (const e of edges) {
      const p0 = prices.get(e.token0)
      const p1 = prices.get(e.token1)
      if (p0 !== undefined && p1 === undefined) {
        const depthUsd = e.r0 * p0
        if (!best || depthUsd > best.depthUsd) best = { token: e.token1, price: (e.r0 * p0) / e.r1, depthUsd }
      } else if (p1 !== undefined && p0 === undefined) {
        const depthUsd = e.r1 * p1
        if (!best || depthUsd > best.depthUsd) best = { token: e.token0, price: (e.r1 * p1) / e.r0, depthUsd }
      }
    }
    if (!best) return prices
    prices.set(best.token, best.price)
  }
}
