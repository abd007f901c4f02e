import type { PoolStateBase } from '../PoolKind'
import type { ConcentratedLiquidity } from '../uniswapV3/V3PoolState'

/** The immutable facts of an Algebra Integral pool (its fee and tick spacing can change: they are state). */
export interface AlgebraPoolDescriptor extends PoolStateBase {
  readonly kind: 'algebra-integral'
}

/**
 * Snapshot of an Algebra Integral pool. `fee` is globalState's `lastFee` (pips), `tickSpacing` the pool's current
 * one (it only constrains new positions: ticks are stored uncompressed), `ticks` every initialized tick sorted
 * ascending with its `liquidityDelta` (V3's liquidityNet). `pluginConfig` is globalState's hook bit set: with a
 * plugin's beforeSwap hook (bit 0) the fee of a swap is the plugin's to decide, so the math here is not exact.
 */
export interface AlgebraPoolState extends AlgebraPoolDescriptor, ConcentratedLiquidity {
  readonly pluginConfig: number
}
