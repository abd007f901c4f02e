import type { V3Tick } from './V3PoolState'

/** Index of the first tick in the ascending list whose index is > `tick` (binary search). */
export function upperBoundTick(ticks: readonly V3Tick[], tick: number): number {
  let lo = 0
  let hi = ticks.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const entry = ticks[mid]
    if (entry !== undefined && entry.index <= tick) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Emulates Uniswap V3 `TickBitmap.nextInitializedTickWithinOneWord` over a sorted list of initialized ticks:
 * the next initialized tick at or below (`lte`) or above `tick`, but no further than the current 256-bit
 * bitmap word; when none, the word's edge with `initialized: false`. The word edges matter: the pool splits
 * swap steps there, which changes rounding.
 */
export function nextInitializedTickWithinOneWord(
  ticks: readonly V3Tick[],
  tick: number,
  tickSpacing: number,
  lte: boolean,
): { next: number; initialized: boolean } {
  const compressed = Math.floor(tick / tickSpacing)
  if (lte) {
    const wordStart = Math.floor(compressed / 256) * 256
    const i = upperBoundTick(ticks, compressed * tickSpacing) - 1
    const candidate = ticks[i]
    if (candidate !== undefined && candidate.index >= wordStart * tickSpacing) {
      return { next: candidate.index, initialized: true }
    }
    return { next: wordStart * tickSpacing, initialized: false }
  }
  const start = compressed + 1
  const wordEnd = Math.floor(start / 256) * 256 + 255
  const candidate = ticks[upperBoundTick(ticks, compressed * tickSpacing)]
  if (candidate !== undefined && candidate.index <= wordEnd * tickSpacing) {
    return { next: candidate.index, initialized: true }
  }
  return { next: wordEnd * tickSpacing, initialized: false }
}
