import { MAX_TICK, MIN_TICK } from './tickMath'
import type { TickWords } from './V3PoolState'

/** Every tick-bitmap word a pool with this spacing can use (Solidity's `>> 8` floors, as does JS's). */
export function bitmapWordRange(tickSpacing: number): TickWords {
  return { first: Math.floor(MIN_TICK / tickSpacing) >> 8, last: Math.floor(MAX_TICK / tickSpacing) >> 8 }
}
