import { type Address, isAddressEqual } from 'viem'
import { type PoolState, poolKindOf } from '../poolKinds/poolKinds'

/** A hub token as the depth of a pool is valued: its decimals and USD per whole token. */
export interface HubValue {
  decimals: number
  usd: number
}

/**
 * The pools of `token` (each against one hub, keyed lower-case in `hubs`) whose hub side is worth at least
 * `minUsd`: the hub's reserve (for concentrated pools, its in-range virtual reserve) times its price, deepest
 * first. Pools that cannot quote (`isUsable`), or whose other token is no priced hub, are left out. Pure.
 */
export function selectDeepPools(params: {
  pools: readonly PoolState[]
  token: Address
  hubs: ReadonlyMap<string, HubValue>
  minUsd: number
}): { pool: PoolState; hubSideUsd: number }[] {
  const { token, hubs, minUsd } = params
  return params.pools
    .flatMap((pool) => {
      const kind = poolKindOf(pool)
      if (!kind.isUsable(pool)) return []
      const hubIsToken1 = isAddressEqual(pool.token0, token)
      if (!hubIsToken1 && !isAddressEqual(pool.token1, token)) return []
      const hub = hubs.get((hubIsToken1 ? pool.token1 : pool.token0).toLowerCase())
      const reserves = kind.virtualReserves(pool)
      if (hub === undefined || reserves === undefined) return []
      const hubSideUsd = ((hubIsToken1 ? reserves[1] : reserves[0]) / 10 ** hub.decimals) * hub.usd
      return hubSideUsd >= minUsd ? [{ pool, hubSideUsd }] : []
    })
    .sort((a, b) => b.hubSideUsd - a.hubSideUsd)
}
