import type { V3SwapQuoter } from './createV3SwapQuoter'
import type { ConcentratedLiquidity } from './V3PoolState'

/**
 * `create` made lazy and cached: each pool state gets its two quoters (zero for one, one for zero) when first
 * asked, so routing's hop simulators and `swapPathKey` share one table of segments per state and direction.
 */
export function cacheQuoters(
  create: (pool: ConcentratedLiquidity, zeroForOne: boolean) => V3SwapQuoter,
): (pool: ConcentratedLiquidity, zeroForOne: boolean) => V3SwapQuoter {
  const quoters = new WeakMap<ConcentratedLiquidity, [V3SwapQuoter | undefined, V3SwapQuoter | undefined]>()
  return (pool, zeroForOne) => {
    let pair = quoters.get(pool)
    if (!pair) {
      pair = [undefined, undefined]
      quoters.set(pool, pair)
    }
    const i = zeroForOne ? 0 : 1
    const quoter = pair[i] ?? create(pool, zeroForOne)
    pair[i] = quoter
    return quoter
  }
}
