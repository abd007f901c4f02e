import { MAX_TICK, MIN_TICK } from './tickMath'

/** Every tick-bitmap word a pool with this spacing can use (Solidity's `>> 8` floors, as does JS's). */
export function bitmapWordRange(tickSpacing: number): number[] {
  const first = Math.floor(MIN_TICK / tickSpacing) >> 8
  const last = Math.floor(MAX_TICK / tickSpacing) >> 8
  const words: number[] = []
  for (let w = first; w <= last; w++) words.push(w)
  return words
}
