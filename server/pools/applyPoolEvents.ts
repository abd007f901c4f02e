import { type Address, getAddress } from 'viem'
import type { PoolState, V3PoolState } from '../routing/types'

/** A pool-state change decoded from a log, in log order. */
export type PoolEvent =
  | { type: 'sync'; pool: Address; reserve0: bigint; reserve1: bigint }
  | { type: 'swap'; pool: Address; sqrtPriceX96: bigint; liquidity: bigint; tick: number }
  | { type: 'liquidity'; pool: Address; tickLower: number; tickUpper: number }

/** Fresh on-chain values for the ticks and in-range liquidity of V3 pools whose positions changed. */
export interface V3LiquidityReads {
  liquidity: ReadonlyMap<Address, bigint>
  /** pool -> tick -> liquidityNet (0n with liquidityGross 0 means the tick is no longer initialized). */
  ticks: ReadonlyMap<Address, ReadonlyMap<number, { liquidityNet: bigint; initialized: boolean }>>
}

/**
 * Applies decoded events to pool states and returns the new states of the pools that changed
 * (inputs are not mutated). Sync and Swap events carry the whole new price state; Mint and Burn
 * are resolved with `reads`, taken at the end of the same block range.
 */
export function applyPoolEvents(
  pools: ReadonlyMap<Address, PoolState>,
  events: readonly PoolEvent[],
  reads: V3LiquidityReads,
): Map<Address, PoolState> {
  const changed = new Map<Address, PoolState>()
  const current = (a: Address) => changed.get(a) ?? pools.get(a)
  for (const event of events) {
    const address = getAddress(event.pool)
    const pool = current(address)
    if (!pool) continue
    if (event.type === 'sync' && pool.kind === 'v2') {
      changed.set(address, { ...pool, reserve0: event.reserve0, reserve1: event.reserve1 })
    } else if (event.type === 'swap' && pool.kind === 'v3') {
      changed.set(address, {
        ...pool,
        sqrtPriceX96: event.sqrtPriceX96,
        liquidity: event.liquidity,
        tick: event.tick,
      })
    } else if (event.type === 'liquidity' && pool.kind === 'v3') {
      changed.set(address, withLiquidityReads(pool, reads))
    }
  }
  return changed
}

function withLiquidityReads(pool: V3PoolState, reads: V3LiquidityReads): V3PoolState {
  const tickReads = reads.ticks.get(pool.address)
  const liquidity = reads.liquidity.get(pool.address) ?? pool.liquidity
  if (!tickReads) return { ...pool, liquidity }
  const byIndex = new Map(pool.ticks.map((t) => [t.index, t.liquidityNet]))
  for (const [index, read] of tickReads) {
    if (read.initialized) byIndex.set(index, read.liquidityNet)
    else byIndex.delete(index)
  }
  const ticks = [...byIndex]
    .map(([index, liquidityNet]) => ({ index, liquidityNet }))
    .sort((a, b) => a.index - b.index)
  return { ...pool, liquidity, ticks }
}
