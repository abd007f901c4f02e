import { createV3SwapQuoter, type V3SwapQuoter } from './createV3SwapQuoter'
import type { ConcentratedLiquidity } from './V3PoolState'

/**
 * Each pool state's quoters (zero for one, one for zero), made when first asked: routing's hop simulators and
 * `swapPathKey` share one table of segments per pool state and direction.
 */
const quoters = new WeakMap<ConcentratedLiquidity, [V3SwapQuoter | undefined, V3SwapQuoter | undefined]>()

/** The (cached) exact quoter of a concentrated pool state in one direction. */
export function concentratedQuoterOf(pool: ConcentratedLiquidity, zeroForOne: boolean): V3SwapQuoter {
  let pair = quoters.get(pool)
  if (!pair) {
    pair = [undefined, undefined]
    quoters.set(pool, pair)
  }
  const i = zeroForOne ? 0 : 1
  const quoter = pair[i] ?? createV3SwapQuoter(pool, zeroForOne)
  pair[i] = quoter
  return quoter
}
