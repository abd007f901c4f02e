import type { V3SwapQuoter } from '../uniswapV3/createV3SwapQuoter'
import type { ConcentratedLiquidity } from '../uniswapV3/V3PoolState'
import { createAlgebraSwapQuoter } from './createAlgebraSwapQuoter'

/** Each pool state's quoters (zero for one, one for zero), made when first asked. */
const quoters = new WeakMap<ConcentratedLiquidity, [V3SwapQuoter | undefined, V3SwapQuoter | undefined]>()

/** The (cached) exact quoter of an Algebra Integral pool state in one direction. */
export function algebraQuoterOf(pool: ConcentratedLiquidity, zeroForOne: boolean): V3SwapQuoter {
  let pair = quoters.get(pool)
  if (!pair) {
    pair = [undefined, undefined]
    quoters.set(pool, pair)
  }
  const i = zeroForOne ? 0 : 1
  const quoter = pair[i] ?? createAlgebraSwapQuoter(pool, zeroForOne)
  pair[i] = quoter
  return quoter
}
