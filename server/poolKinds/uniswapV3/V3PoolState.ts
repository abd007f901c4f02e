import type { PoolStateBase } from '../PoolKind'

/** The immutable facts of a Uniswap V3 pool. */
export interface V3PoolDescriptor extends PoolStateBase {
  readonly kind: 'uniswap-v3'
  /** Swap fee in pips (millionths): 500, 3000, 10000. */
  readonly fee: number
  readonly tickSpacing: number
}

/** One initialized tick of a V3 pool. */
export interface V3Tick {
  readonly index: number
  readonly liquidityNet: bigint
}

/** A contiguous run of tick-bitmap words (compressed tick >> 8), both ends included. */
export interface TickWords {
  readonly first: number
  readonly last: number
}

/**
 * The state the concentrated-liquidity swap math reads (Uniswap V3 pools, and V4 pools, whose swap math is V3's).
 * `ticks` lists the initialized ticks sorted ascending.
 */
export interface ConcentratedLiquidity {
  /** Swap fee in pips (millionths). */
  readonly fee: number
  readonly tickSpacing: number
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly ticks: readonly V3Tick[]
  /**
   * The bitmap words whose initialized ticks `ticks` holds, when not every word the spacing can use (a pool read
   * around its price first, the rest later): the math stops at their edge, a swap that would go past it does not
   * complete. Absent: `ticks` holds every initialized tick.
   */
  readonly tickWords?: TickWords
}

/**
 * Snapshot of a Uniswap V3 pool. `ticks` lists the initialized ticks sorted ascending; the simulation is exact
 * for swaps that stay within the range the list covers (include every initialized tick a swap may reach).
 */
export interface V3PoolState extends V3PoolDescriptor, ConcentratedLiquidity {
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly ticks: readonly V3Tick[]
}
