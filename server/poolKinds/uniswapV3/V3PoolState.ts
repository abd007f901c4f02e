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
