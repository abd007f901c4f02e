import { createStepApprox } from '../uniswapV3/createStepApprox'
import type { V3Quote, V3SwapQuoter } from '../uniswapV3/createV3SwapQuoter'
import { mulDivRoundingUp } from '../uniswapV3/fullMath'
import { upperBoundTick } from '../uniswapV3/nextInitializedTickWithinOneWord'
import { getAmount0Delta, getAmount1Delta } from '../uniswapV3/sqrtPriceMath'
import { computeSwapStep } from '../uniswapV3/swapMath'
import { getSqrtRatioAtTick, MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../uniswapV3/tickMath'
import type { ConcentratedLiquidity } from '../uniswapV3/V3PoolState'
import { nextAlgebraTick } from './nextAlgebraTick'

interface Segment {
  sqrtStart: bigint
  sqrtTarget: bigint
  liquidity: bigint
  /** Cumulative input including fees, and output, at the end of this step when it is taken in full. */
  cumIn: bigint
  cumOut: bigint
  /** Initialized ticks crossed once this step is taken in full. */
  crossed: number
}

function reach(segment: Segment, exactIn: boolean): bigint {
  return exactIn ? segment.cumIn : segment.cumOut
}

/**
 * Fast exact quotes for one Algebra Integral pool (without a swap-hook plugin) and direction, for the many probes of
 * one routing call; the same amounts as `simulateAlgebraSwap` to the wei. As in `createV3SwapQuoter`, a step that
 * reaches its target moves amounts that do not depend on the amount remaining (input rounded up, fee =
 * mulDivRoundingUp(input, fee, 1e6 - fee)), so the pool's steps from this state (here: from initialized tick to
 * initialized tick, `nextAlgebraTick`, with no word edges between) are tabulated lazily with cumulative amounts; a
 * quote binary-searches them and runs one partial step. `endSegment`/`endsAt` name the step a swap ends in.
 */
export function createAlgebraSwapQuoter(pool: ConcentratedLiquidity, zeroForOne: boolean): V3SwapQuoter {
  const limit = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n
  const feePips = BigInt(pool.fee)
  const segments: Segment[] = []
  let sqrtPrice = pool.sqrtPriceX96
  let tick = pool.tick
  let liquidity = pool.liquidity
  let cumIn = 0n
  let cumOut = 0n
  let crossed = 0
  let done = zeroForOne ? limit >= sqrtPrice : limit <= sqrtPrice

  const extend = (): boolean => {
    if (done) return false
    const nextTick = nextAlgebraTick(pool.ticks, tick, zeroForOne)
    const sqrtNext = getSqrtRatioAtTick(nextTick)
    const clamped = zeroForOne ? sqrtNext < limit : sqrtNext > limit
    const target = clamped ? limit : sqrtNext
    const amountIn = zeroForOne
      ? getAmount0Delta(target, sqrtPrice, liquidity, true)
      : getAmount1Delta(sqrtPrice, target, liquidity, true)
    const amountOut = zeroForOne
      ? getAmount1Delta(target, sqrtPrice, liquidity, false)
      : getAmount0Delta(sqrtPrice, target, liquidity, false)
    cumIn += amountIn + mulDivRoundingUp(amountIn, feePips, 1_000_000n - feePips)
    cumOut += amountOut
    const segment: Segment = { sqrtStart: sqrtPrice, sqrtTarget: target, liquidity, cumIn, cumOut, crossed }
    if (clamped) {
      done = true
    } else {
      const entry = pool.ticks[upperBoundTick(pool.ticks, nextTick) - 1]
      const delta = entry?.index === nextTick ? entry.liquidityNet : 0n
      liquidity += zeroForOne ? -delta : delta
      if (liquidity < 0n) throw new Error('inconsistent Algebra snapshot: negative liquidity')
      crossed++
      segment.crossed = crossed
      tick = zeroForOne ? nextTick - 1 : nextTick
    }
    sqrtPrice = target
    segments.push(segment)
    return true
  }

  const quote = (amount: bigint, exactIn: boolean): V3Quote => {
    const last = segments[segments.length - 1]
    if (last === undefined || reach(last, exactIn) < amount) {
      while (extend()) {
        const newest = segments[segments.length - 1]
        if (newest && reach(newest, exactIn) >= amount) break
      }
    }
    let lo = 0
    let hi = segments.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const s = segments[mid]
      if (s !== undefined && reach(s, exactIn) < amount) lo = mid + 1
      else hi = mid
    }
    const segment = segments[lo]
    const before = segments[lo - 1]
    const baseIn = before?.cumIn ?? 0n
    const baseOut = before?.cumOut ?? 0n
    const baseCrossed = before?.crossed ?? 0
    if (segment === undefined) {
      return {
        amountIn: baseIn,
        amountOut: baseOut,
        ticksCrossed: baseCrossed,
        endSegment: segments.length,
        endsAt: 'end',
        complete: false,
      }
    }
    if (reach(segment, exactIn) === amount) {
      return {
        amountIn: segment.cumIn,
        amountOut: segment.cumOut,
        ticksCrossed: segment.crossed,
        endSegment: lo,
        endsAt: 'end',
        complete: true,
      }
    }
    const remaining = exactIn ? amount - baseIn : -(amount - baseOut)
    const step = computeSwapStep(
      segment.sqrtStart,
      segment.sqrtTarget,
      segment.liquidity,
      remaining,
      pool.fee,
    )
    return {
      amountIn: baseIn + step.amountIn + step.feeAmount,
      amountOut: baseOut + step.amountOut,
      ticksCrossed: baseCrossed,
      endSegment: lo,
      endsAt:
        step.sqrtRatioNextX96 === segment.sqrtTarget
          ? 'end'
          : step.sqrtRatioNextX96 === segment.sqrtStart
            ? 'start'
            : 'inside',
      complete: true,
    }
  }

  const approxExactIn = createStepApprox({ steps: segments, extend, feePips: pool.fee, zeroForOne })

  return {
    approxExactIn,
    quoteExactIn: (amountIn) => quote(amountIn, true),
    quoteExactOut: (amountOut) => quote(amountOut, false),
  }
}
