import { type Address, getAddress } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolState } from '../routing/types'

/**
 * Sums, per token, the USD value of its side of every pool it is in: V2 reserves, or the in-range
 * virtual reserves of a V3 pool (L/sqrtP and L*sqrtP), times the token's USD price. Tokens without a
 * price or decimals count nothing. A ranking signal, not an accounting figure. Pure; keys are checksummed.
 */
export function computeTokenLiquidityUsd(
  pools: readonly PoolState[],
  tokens: readonly { address: Address; decimals: number }[],
  pricesUsd: ReadonlyMap<Address, number>,
): Map<Address, number> {
  const decimals = new Map(tokens.map((t) => [getAddress(t.address), t.decimals]))
  const liquidity = new Map<Address, number>()
  const add = (token: Address, reserve: number) => {
    const d = decimals.get(token)
    const price = pricesUsd.get(token)
    if (d === undefined || price === undefined || !(reserve > 0)) return
    liquidity.set(token, (liquidity.get(token) ?? 0) + (reserve / 10 ** d) * price)
  }
  for (const pool of pools) {
    const reserves = poolKindOf(pool).virtualReserves(pool)
    if (!reserves) continue
    add(getAddress(pool.token0), reserves[0])
    add(getAddress(pool.token1), reserves[1])
  }
  return liquidity
}
