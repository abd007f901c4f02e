import type { Address } from 'viem'
import type { PoolState } from '../routing/types'

/**
 * A snapshot's pools by address (their position in its list) and by kind: what a refresh looks pools up in, kept
 * from block to block instead of rebuilt over thousands of pools (see `replacePoolStates`).
 */
export interface PoolIndex {
  /** The pools the index describes (a snapshot's list). */
  readonly pools: readonly PoolState[]
  readonly addresses: readonly Address[]
  readonly positions: ReadonlyMap<Address, number>
  /** Each address by its lower case, as nodes spell a log's address (no checksum to compute a log). */
  readonly byLowerCase: ReadonlyMap<string, Address>
  /** Each kind's pools by address. */
  readonly byKind: ReadonlyMap<string, ReadonlyMap<Address, PoolState>>
}

/** Indexes a snapshot's pools (addresses as the pools spell them). */
export function createPoolIndex(pools: readonly PoolState[]): PoolIndex {
  const positions = new Map<Address, number>()
  const byKind = new Map<string, Map<Address, PoolState>>()
  for (const [position, pool] of pools.entries()) {
    positions.set(pool.address, position)
    let own = byKind.get(pool.kind)
    if (!own) {
      own = new Map()
      byKind.set(pool.kind, own)
    }
    own.set(pool.address, pool)
  }
  const addresses = [...positions.keys()]
  const byLowerCase = new Map(addresses.map((a) => [a.toLowerCase(), a]))
  return { pools, addresses, positions, byLowerCase, byKind }
}

/**
 * The pool list with `changed` states (of pools already listed) in their places, so the list keeps its order,
 * and its index: `index`'s maps, updated in place (the old list's index is not valid after this). Work in the
 * changed pools only, but for the list's copy.
 */
export function replacePoolStates(index: PoolIndex, changed: readonly PoolState[]): PoolIndex {
  const pools = index.pools.slice()
  for (const state of changed) {
    const position = index.positions.get(state.address)
    if (position === undefined) throw new Error(`pool ${state.address} is not in the snapshot`)
    pools[position] = state
    ;(index.byKind.get(state.kind) as Map<Address, PoolState> | undefined)?.set(state.address, state)
  }
  return { ...index, pools: Object.freeze(pools) }
}
