import type { Address } from 'viem'
import type { PoolStateBase } from '../PoolKind'
import type { ConcentratedLiquidity } from '../uniswapV3/V3PoolState'

/**
 * The immutable facts of a hookless Uniswap V4 pool. Its `address` is its pool id (bytes32, lower-case): V4 pools
 * are entries of one PoolManager, not contracts. `token0`/`token1` are the pool's currencies in its own order, the
 * wrapped native token standing for native ETH when `native`, so `tokenIn === token0` is V4's `zeroForOne`.
 */
export interface V4PoolDescriptor extends PoolStateBase {
  readonly kind: 'uniswap-v4'
  /** LP fee in pips (millionths); static (dynamic-fee pools have hooks and are not followed). */
  readonly fee: number
  readonly tickSpacing: number
  /** Whether the pool holds native ETH where the route names the wrapped native token. */
  readonly native: boolean
  /** The StateView lens of the pool's manager. */
  readonly stateView: Address
}

/** Snapshot of a Uniswap V4 pool: V3's state (the swap math is V3's) and the manager's protocol fee on it. */
export interface V4PoolState extends V4PoolDescriptor, ConcentratedLiquidity {
  /** The protocol fee of slot0 (pips per direction); a pool with one is not routed (its math is not modelled). */
  readonly protocolFee: number
}
