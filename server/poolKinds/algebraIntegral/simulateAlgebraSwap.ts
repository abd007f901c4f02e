import type { PoolStateBase, PoolSwapResult } from '../PoolKind'
import { SwapRevertError } from '../SwapRevertError'
import { upperBoundTick } from '../uniswapV3/nextInitializedTickWithinOneWord'
import { computeSwapStep } from '../uniswapV3/swapMath'
import { getSqrtRatioAtTick, getTickAtSqrtRatio, MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../uniswapV3/tickMath'
import type { ConcentratedLiquidity } from '../uniswapV3/V3PoolState'
import { nextAlgebraTick } from './nextAlgebraTick'

const MAX_UINT128 = (1n << 128n) - 1n
const MIN_INT256 = -(1n << 255n)
const MAX_INT256 = (1n << 255n) - 1n

export interface SimulateAlgebraSwapParams {
  zeroForOne: boolean
  /** > 0: exact input (fee included); < 0: exact output. `AlgebraPool.swap`'s `amountRequired`. */
  amountRequired: bigint
  /** Defaults to MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO - 1, as the Aggregator passes. */
  limitSqrtPrice?: bigint
}

/**
 * Simulates `AlgebraPool.swap` (Algebra Integral 1.2, `SwapCalculation._calculateSwap`) to the wei for a pool whose
 * plugin takes no part in the swap: one step per initialized tick (`nextAlgebraTick`), each step
 * `PriceMovementMath.movePriceTowardsTarget` (the same arithmetic as Uniswap V3's `computeSwapStep`), the tick's
 * liquidityDelta applied on crossing. Returns the amounts the pool takes and pays and its state after (the input is
 * not mutated); `complete` is false when the price limit stopped the swap early. Throws SwapRevertError where the
 * pool reverts (zero or out-of-range amount, bad limit price, math overflow).
 */
export function simulateAlgebraSwap<S extends ConcentratedLiquidity & PoolStateBase>(
  pool: S,
  params: SimulateAlgebraSwapParams,
): PoolSwapResult<S> {
  const { zeroForOne, amountRequired } = params
  if (amountRequired === 0n) throw new SwapRevertError('zeroAmountRequired')
  if (amountRequired <= MIN_INT256 || amountRequired > MAX_INT256)
    throw new SwapRevertError('invalidAmountRequired')
  const limit = params.limitSqrtPrice ?? (zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n)
  const limitOk = zeroForOne
    ? limit < pool.sqrtPriceX96 && limit > MIN_SQRT_RATIO
    : limit > pool.sqrtPriceX96 && limit < MAX_SQRT_RATIO
  if (!limitOk) throw new SwapRevertError('invalidLimitSqrtPrice')

  const exactInput = amountRequired > 0n
  let remaining = amountRequired
  let calculated = 0n
  let price = pool.sqrtPriceX96
  let tick = pool.tick
  let liquidity = pool.liquidity
  let ticksCrossed = 0

  do {
    const stepStart = price
    const nextTick = nextAlgebraTick(pool.ticks, tick, zeroForOne)
    const nextTickPrice = getSqrtRatioAtTick(nextTick)
    const target = zeroForOne === nextTickPrice < limit ? limit : nextTickPrice
    const step = computeSwapStep(price, target, liquidity, remaining, pool.fee)
    price = step.sqrtRatioNextX96
    if (exactInput) {
      remaining -= step.amountIn + step.feeAmount
      calculated -= step.amountOut
    } else {
      remaining += step.amountOut
      calculated += step.amountIn + step.feeAmount
    }
    if (price === nextTickPrice) {
      const delta = pool.ticks[upperBoundTick(pool.ticks, nextTick) - 1]
      const liquidityDelta = delta?.index === nextTick ? delta.liquidityNet : 0n
      liquidity += zeroForOne ? -liquidityDelta : liquidityDelta
      if (liquidity < 0n || liquidity > MAX_UINT128) throw new SwapRevertError('liquidity overflow')
      ticksCrossed++
      tick = zeroForOne ? nextTick - 1 : nextTick
    } else if (price !== stepStart) {
      tick = getTickAtSqrtRatio(price)
      break
    } else if (remaining !== 0n && price !== limit) {
      // the pool would loop until out of gas; movePriceTowardsTarget never leaves it so, kept as a guard
      throw new SwapRevertError('no progress')
    }
  } while (remaining !== 0n && price !== limit)

  const amountIn = exactInput ? amountRequired - remaining : calculated
  const amountOut = exactInput ? -calculated : remaining - amountRequired
  return {
    amountIn,
    amountOut,
    pool: { ...pool, sqrtPriceX96: price, tick, liquidity },
    ticksCrossed,
    complete: remaining === 0n,
  }
}
