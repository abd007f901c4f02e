import type { ConcentratedLiquidity } from './V3PoolState'

/**
 * The bitmap word a V3 swap step from `tick` searches (`TickBitmap.nextInitializedTickWithinOneWord`): going down
 * (`lte`), the word of the tick's compressed index; going up, the word of the next one. Solidity's `>> 8` floors, as
 * does JS's on these 32-bit values.
 */
export function tickWordOf(tick: number, tickSpacing: number, lte: boolean): number {
  const compressed = Math.floor(tick / tickSpacing)
  return (lte ? compressed : compressed + 1) >> 8
}

/** Whether `pool`'s ticks are known in bitmap word `word` (every word, unless it was read in part). */
export function holdsTickWord(pool: ConcentratedLiquidity, word: number): boolean {
  const known = pool.tickWords
  return known === undefined || (word >= known.first && word <= known.last)
}
