import type { TickRead } from './readTouchedTicks'
import type { ConcentratedLiquidity } from './V3PoolState'

/** `pool` with fresh in-range liquidity and re-read ticks (those no longer initialized dropped). */
export function withTicks<S extends ConcentratedLiquidity>(
  pool: S,
  liquidity: bigint,
  reads: ReadonlyMap<number, TickRead>,
): S {
  const byIndex = new Map(pool.ticks.map((t) => [t.index, t.liquidityNet]))
  for (const [index, read] of reads) {
    if (read.initialized) byIndex.set(index, read.liquidityNet)
    else byIndex.delete(index)
  }
  const ticks = [...byIndex]
    .map(([index, liquidityNet]) => ({ index, liquidityNet }))
    .sort((a, b) => a.index - b.index)
  return { ...pool, liquidity, ticks }
}
