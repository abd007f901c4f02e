import type { Address } from 'viem'
import type { PoolState } from '../routing/types'

/**
 * `pools` as changes to `base`: the pools that are not `base`'s objects, at their places in it when both hold the
 * same pools in the same order (a block moves pools, it seldom adds one: no address list and no map of 5,000
 * pools a block on the large market, here or in the worker), else with every address in order.
 */
export function snapshotChanges(
  base: readonly PoolState[] | undefined,
  pools: readonly PoolState[],
): { changedAt: number[]; changed: PoolState[] } | { addresses: Address[]; changed: PoolState[] } {
  if (base && base.length === pools.length) {
    const changedAt: number[] = []
    const changed: PoolState[] = []
    let aligned = true
    for (let i = 0; i < pools.length && aligned; i++) {
      const pool = pools[i]
      const was = base[i]
      if (pool === was || !pool) continue
      if (pool.address !== was?.address) aligned = false
      changedAt.push(i)
      changed.push(pool)
    }
    if (aligned) return { changedAt, changed }
  }
  const byAddress = new Map(base?.map((p) => [p.address, p]))
  return {
    addresses: pools.map((p) => p.address),
    changed: pools.filter((p) => byAddress.get(p.address) !== p),
  }
}
