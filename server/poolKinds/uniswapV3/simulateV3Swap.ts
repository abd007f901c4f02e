import type { PoolSwapResult } from '../PoolKind'
import { SwapRevertError } from '../SwapRevertError'
import { nextInitializedTickWithinOneWord, upperBoundTick } from './nextInitializedTickWithinOneWord'
import { computeSwapStep } from './swapMath'
import {
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
} from './tickMath'
import { holdsTickWord, tickWordOf } from './tickWordOf'
import type { V3PoolState } from './V3PoolState'

const MAX_UINT128 = (1n << 128n) - 1n
const MAX_INT256 = (1n << 255n) - 1n

export interface SimulateV3SwapParams {
  zeroForOne: boolean
  /** > 0: exact input (fee included); < 0: exact output. Same sign convention as `UniswapV3Pool.swap`. */
  amountSpecified: bigint
  /** Defaults to MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO - 1, as the Aggregator passes. */
  sqrtPriceLimitX96?: bigint
}

function addDelta(liquidity: bigint, delta: bigint): bigint {
  const next = liquidity + delta
  if (next < 0n || next > MAX_UINT128) throw new SwapRevertError(delta < 0n ? 'LS' : 'LA')
  return next
}

/** Next initialized tick strictly beyond the current position in the swap direction, ignoring word edges. */
function nextInitializedTickAnywhere(
  pool: V3PoolState,
  tick: number,
  zeroForOne: boolean,
): number | undefined {
  const compressed = Math.floor(tick / pool.tickSpacing)
  const i = upperBoundTick(pool.ticks, compressed * pool.tickSpacing)
  return zeroForOne ? pool.ticks[i - 1]?.index : pool.ticks[i]?.index
}

/**
 * Simulates `UniswapV3Pool.swap` to the wei: the same step loop over bitmap words and initialized ticks,
 * `computeSwapStep` per step, liquidityNet applied on each crossing. Returns the amounts the pool takes and
 * pays and the new state (the input pool is not mutated). `complete` is false when the price limit stopped
 * the swap early, or at the edge of a pool read in part (`tickWords`: the amounts up to there). Throws
 * SwapRevertError where the pool reverts ('AS', 'SPL', math overflow).
 */
export function simulateV3Swap(pool: V3PoolState, params: SimulateV3SwapParams): PoolSwapResult<V3PoolState> {
  const { zeroForOne, amountSpecified } = params
  if (amountSpecified === 0n) throw new SwapRevertError('AS')
  if (amountSpecified > MAX_INT256 || amountSpecified < -MAX_INT256)
    throw new SwapRevertError('amount overflow')
  const sqrtPriceLimitX96 =
    params.sqrtPriceLimitX96 ?? (zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n)
  const limitOk = zeroForOne
    ? sqrtPriceLimitX96 < pool.sqrtPriceX96 && sqrtPriceLimitX96 > MIN_SQRT_RATIO
    : sqrtPriceLimitX96 > pool.sqrtPriceX96 && sqrtPriceLimitX96 < MAX_SQRT_RATIO
  if (!limitOk) throw new SwapRevertError('SPL')

  const exactInput = amountSpecified > 0n
  let remaining = amountSpecified
  let calculated = 0n
  let sqrtPriceX96 = pool.sqrtPriceX96
  let tick = pool.tick
  let liquidity = pool.liquidity
  let ticksCrossed = 0

  while (remaining !== 0n && sqrtPriceX96 !== sqrtPriceLimitX96) {
    // a pool read in part: past its known words nothing is known, not even that the price may move freely
    if (!holdsTickWord(pool, tickWordOf(tick, pool.tickSpacing, zeroForOne))) break
    if (liquidity === 0n) {
      // With zero liquidity every step is a no-op that only moves the price, so jump straight to the next
      // initialized tick (or the limit) instead of walking empty bitmap words one at a time.
      const next = nextInitializedTickAnywhere(pool, tick, zeroForOne)
      const nextSqrt = next === undefined ? undefined : getSqrtRatioAtTick(next)
      if (next === undefined || nextSqrt === undefined) {
        sqrtPriceX96 = sqrtPriceLimitX96
        tick = getTickAtSqrtRatio(sqrtPriceX96)
        break
      }
      if (zeroForOne ? nextSqrt < sqrtPriceLimitX96 : nextSqrt > sqrtPriceLimitX96) {
        sqrtPriceX96 = sqrtPriceLimitX96
        tick = getTickAtSqrtRatio(sqrtPriceX96)
        break
      }
      const net = pool.ticks[upperBoundTick(pool.ticks, next) - 1]?.liquidityNet ?? 0n
      liquidity = addDelta(liquidity, zeroForOne ? -net : net)
      ticksCrossed++
      sqrtPriceX96 = nextSqrt
      tick = zeroForOne ? next - 1 : next
      continue
    }

    const sqrtPriceStartX96 = sqrtPriceX96
    const step = nextInitializedTickWithinOneWord(pool.ticks, tick, pool.tickSpacing, zeroForOne)
    const tickNext = Math.min(Math.max(step.next, MIN_TICK), MAX_TICK)
    const sqrtPriceNextX96 = getSqrtRatioAtTick(tickNext)
    const target = (zeroForOne ? sqrtPriceNextX96 < sqrtPriceLimitX96 : sqrtPriceNextX96 > sqrtPriceLimitX96)
      ? sqrtPriceLimitX96
      : sqrtPriceNextX96
    const result = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, pool.fee)
    sqrtPriceX96 = result.sqrtRatioNextX96
    if (exactInput) {
      remaining -= result.amountIn + result.feeAmount
      calculated -= result.amountOut
    } else {
      remaining += result.amountOut
      calculated += result.amountIn + result.feeAmount
    }

    if (sqrtPriceX96 === sqrtPriceNextX96) {
      if (step.initialized) {
        const net = pool.ticks[upperBoundTick(pool.ticks, tickNext) - 1]?.liquidityNet ?? 0n
        liquidity = addDelta(liquidity, zeroForOne ? -net : net)
        ticksCrossed++
      }
      tick = zeroForOne ? tickNext - 1 : tickNext
    } else if (sqrtPriceX96 !== sqrtPriceStartX96) {
      tick = getTickAtSqrtRatio(sqrtPriceX96)
    }
  }

  const amountIn = exactInput ? amountSpecified - remaining : calculated
  const amountOut = exactInput ? -calculated : remaining - amountSpecified
  return {
    amountIn,
    amountOut,
    pool: { ...pool, sqrtPriceX96, tick, liquidity },
    ticksCrossed,
    complete: remaining === 0n,
  }
}
