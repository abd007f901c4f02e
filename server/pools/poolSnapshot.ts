import type { Address, Hash } from 'viem'
import type { PoolState } from '../routing/types'

/** One chain's pools as of one block. Never mutated: each refresh builds a new snapshot. */
export interface PoolSnapshot {
  chainId: number
  blockNumber: bigint
  /** Hash of that block, to notice a reorg (or an `evm_revert`) that leaves the height unchanged. */
  blockHash: Hash
  pools: readonly PoolState[]
}

/** Builds a snapshot; pools are kept in a stable order (by address) so routing is deterministic. */
export function createPoolSnapshot(params: {
  chainId: number
  blockNumber: bigint
  blockHash: Hash
  pools: Iterable<PoolState>
}): PoolSnapshot {
  const sorted = [...params.pools].sort((a, b) => compareAddresses(a.address, b.address))
  return Object.freeze({
    chainId: params.chainId,
    blockNumber: params.blockNumber,
    blockHash: params.blockHash,
    pools: Object.freeze(sorted),
  })
}

function compareAddresses(a: Address, b: Address): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : 0
}
