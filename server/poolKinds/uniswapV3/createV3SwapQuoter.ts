import { createStepApprox } from './createStepApprox'
import { mulDivRoundingUp } from './fullMath'
import { nextInitializedTickWithinOneWord, upperBoundTick } from './nextInitializedTickWithinOneWord'
import { getAmount0Delta, getAmount1Delta } from './sqrtPriceMath'
import { computeSwapStep } from './swapMath'
import { getSqrtRatioAtTick, MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from './tickMath'
import { holdsTickWord, tickWordOf } from './tickWordOf'
import type { ConcentratedLiquidity } from './V3PoolState'

export interface V3Quote {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly ticksCrossed: number
  /**
   * Which of the pool's price segments (the steps of `UniswapV3Pool.swap` from this state, in order) the swap
   * ends in, and where in it: at its `start` (the last step moves no price), `inside` it, or at its `end` (the
   * last step reaches its target, and crosses its tick if initialized). Two swaps of one state and direction that
   * end alike take the same steps and branches of `swap`, whose gas differs then only by arithmetic.
   */
  readonly endSegment: number
  readonly endsAt: 'start' | 'inside' | 'end'
  /** False when the pool cannot fill the amount before the price limit. */
  readonly complete: boolean
}

export interface V3SwapQuoter {
  /** Same amounts as simulateV3Swap with amountSpecified = amountIn > 0. */
  quoteExactIn(amountIn: bigint): V3Quote
  /**
   * quoteExactIn's output in floating point (within about 1e-12 relative), for models; null where the pool cannot
   * fill `amountIn` before the price limit.
   */
  approxExactIn(amountIn: number, crossed?: { ticks: number }): number | null
  /** Same amounts as simulateV3Swap with amountSpecified = -amountOut. */
  quoteExactOut(amountOut: bigint): V3Quote
}

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

/** The input (exact in) or output (exact out) a segment reaches when taken in full. */
function reach(segment: Segment, exactIn: boolean): bigint {
  return exactIn ? segment.cumIn : segment.cumOut
}

/**
 * Fast exact quotes for one V3 pool and direction, for the many probes of one routing call. A step of
 * `UniswapV3Pool.swap` that reaches its target moves amounts that do not depend on the amount remaining
 * (input = amountDelta rounded up, fee = mulDivRoundingUp(input, fee, 1e6 - fee)), and the pool takes it in
 * full exactly when the remaining amount covers input + fee (exact in) or the step's output (exact out). So the
 * full steps are tabulated once (lazily) with cumulative amounts, a quote binary-searches the table and runs one
 * partial `computeSwapStep`. Results equal simulateV3Swap's to the wei; the pool is not mutated. A pool read in part
 * (`tickWords`) is tabulated up to the edge of its known words: a swap past it does not complete.
 */
export function createV3SwapQuoter(pool: ConcentratedLiquidity, zeroForOne: boolean): V3SwapQuoter {
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

  const cross = (tickIndex: number) => {
    const net = pool.ticks[upperBoundTick(pool.ticks, tickIndex) - 1]?.liquidityNet ?? 0n
    liquidity += zeroForOne ? -net : net
    if (liquidity < 0n) throw new Error('inconsistent V3 snapshot: negative liquidity')
    crossed++
  }

  const extend = (): boolean => {
    if (done) return false
    // a pool read in part: the table stops where its known words end (a step past them would search unread ones)
    if (!holdsTickWord(pool, tickWordOf(tick, pool.tickSpacing, zeroForOne))) {
      done = true
      return false
    }
    if (liquidity === 0n) {
      const compressed = Math.floor(tick / pool.tickSpacing)
      const i = upperBoundTick(pool.ticks, compressed * pool.tickSpacing)
      const next = zeroForOne ? pool.ticks[i - 1]?.index : pool.ticks[i]?.index
      const nextSqrt = next === undefined ? undefined : getSqrtRatioAtTick(next)
      if (
        next === undefined ||
        nextSqrt === undefined ||
        (zeroForOne ? nextSqrt < limit : nextSqrt > limit)
      ) {
        done = true
        return false
      }
      cross(next)
      segments.push({ sqrtStart: sqrtPrice, sqrtTarget: nextSqrt, liquidity: 0n, cumIn, cumOut, crossed })
      sqrtPrice = nextSqrt
      tick = zeroForOne ? next - 1 : next
      return true
    }
    const step = nextInitializedTickWithinOneWord(pool.ticks, tick, pool.tickSpacing, zeroForOne)
    const tickNext = Math.min(Math.max(step.next, MIN_TICK), MAX_TICK)
    const sqrtNext = getSqrtRatioAtTick(tickNext)
    const clamped = zeroForOne ? sqrtNext < limit : sqrtNext > limit
    const target = clamped ? limit : sqrtNext
    const amountIn = zeroForOne
      ? getAmount0Delta(target, sqrtPrice, liquidity, true)
      : getAmount1Delta(sqrtPrice, target, liquidity, true)
    const amountOut = zeroForOne
      ? getAmount1Delta(target, sqrtPrice, liquidity, false)
      : getAmount0Delta(sqrtPrice, target, liquidity, false)
    const fee = mulDivRoundingUp(amountIn, feePips, 1_000_000n - feePips)
    cumIn += amountIn + fee
    cumOut += amountOut
    const segment: Segment = { sqrtStart: sqrtPrice, sqrtTarget: target, liquidity, cumIn, cumOut, crossed }
    if (clamped) {
      done = true
    } else {
      if (step.initialized) cross(tickNext)
      segment.crossed = crossed
      tick = zeroForOne ? tickNext - 1 : tickNext
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
