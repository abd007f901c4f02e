import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { makeV3Pool, testAddress } from '../testPools'
import { simulateV3Swap } from './simulateV3Swap'
import { computeSwapStep } from './swapMath'
import { getSqrtRatioAtTick, getTickAtSqrtRatio, MIN_SQRT_RATIO } from './tickMath'

const E18 = 10n ** 18n
const token0 = testAddress(1)
const token1 = testAddress(2)
const L1 = E18
const L2 = 2n * E18
const L3 = 5n * E18
const pool = makeV3Pool({
  id: 1,
  token0,
  token1,
  tick: 0,
  positions: [
    { lower: -120, upper: 120, liquidity: L1 },
    { lower: -60, upper: 60, liquidity: L2 },
    { lower: -240, upper: -180, liquidity: L3 },
  ],
})
const sqrt = getSqrtRatioAtTick

describe('simulateV3Swap', () => {
  it('crosses -60 and -120, jumps the empty range, crosses -180: amounts equal the hand-built step sequence', () => {
    const amount = 20n * 10n ** 15n
    const a = computeSwapStep(sqrt(0), sqrt(-60), L1 + L2, amount, 3000)
    const b = computeSwapStep(sqrt(-60), sqrt(-120), L1, amount - a.amountIn - a.feeAmount, 3000)
    const remaining = amount - a.amountIn - a.feeAmount - b.amountIn - b.feeAmount
    const c = computeSwapStep(sqrt(-180), sqrt(-240), L3, remaining, 3000)
    expect(a.sqrtRatioNextX96).toBe(sqrt(-60))
    expect(b.sqrtRatioNextX96).toBe(sqrt(-120))
    expect(c.sqrtRatioNextX96 > sqrt(-240)).toBe(true)

    const result = simulateV3Swap(pool, { zeroForOne: true, amountSpecified: amount })
    expect(result.complete).toBe(true)
    expect(result.amountIn).toBe(amount)
    expect(result.amountOut).toBe(a.amountOut + b.amountOut + c.amountOut)
    expect(result.ticksCrossed).toBe(3)
    expect(result.pool.liquidity).toBe(L3)
    expect(result.pool.sqrtPriceX96).toBe(c.sqrtRatioNextX96)
    expect(result.pool.tick).toBe(getTickAtSqrtRatio(c.sqrtRatioNextX96))
    expect(pool.liquidity).toBe(L1 + L2)
    expect(pool.sqrtPriceX96).toBe(sqrt(0))
  })

  it('one for zero crossing 60: exact out of the exact-in output asks for no more than the exact-in amount', () => {
    const amount = 12n * 10n ** 15n
    const a = computeSwapStep(sqrt(0), sqrt(60), L1 + L2, amount, 3000)
    const b = computeSwapStep(sqrt(60), sqrt(120), L1, amount - a.amountIn - a.feeAmount, 3000)
    const exactIn = simulateV3Swap(pool, { zeroForOne: false, amountSpecified: amount })
    expect(exactIn.amountOut).toBe(a.amountOut + b.amountOut)
    expect(exactIn.pool.tick).toBe(getTickAtSqrtRatio(b.sqrtRatioNextX96))
    expect(exactIn.ticksCrossed).toBe(1)

    const exactOut = simulateV3Swap(pool, { zeroForOne: false, amountSpecified: -exactIn.amountOut })
    expect(exactOut.complete).toBe(true)
    expect(exactOut.amountOut).toBe(exactIn.amountOut)
    expect(exactOut.amountIn <= amount).toBe(true)
    const again = simulateV3Swap(pool, { zeroForOne: false, amountSpecified: exactOut.amountIn })
    expect(again.amountOut >= exactIn.amountOut).toBe(true)
  })

  it('splits steps at bitmap word edges (tick spacing 1: edges at -256 and -512)', () => {
    const L = 10n * E18
    const wide = makeV3Pool({
      id: 2,
      token0,
      token1,
      tick: 0,
      tickSpacing: 1,
      positions: [{ lower: -700, upper: 700, liquidity: L }],
    })
    const amount = 2n * 10n ** 17n
    const a = computeSwapStep(sqrt(0), sqrt(-256), L, amount, 3000)
    const b = computeSwapStep(sqrt(-256), sqrt(-512), L, amount - a.amountIn - a.feeAmount, 3000)
    expect(b.sqrtRatioNextX96 > sqrt(-512)).toBe(true)
    const result = simulateV3Swap(wide, { zeroForOne: true, amountSpecified: amount })
    expect(result.amountOut).toBe(a.amountOut + b.amountOut)
    expect(result.ticksCrossed).toBe(0)
  })

  it('stops at the price limit: incomplete when liquidity runs out', () => {
    const result = simulateV3Swap(pool, { zeroForOne: true, amountSpecified: 10n ** 24n })
    expect(result.complete).toBe(false)
    expect(result.pool.sqrtPriceX96).toBe(MIN_SQRT_RATIO + 1n)
    expect(result.pool.liquidity).toBe(0n)
    expect(result.amountIn < 10n ** 24n).toBe(true)
  })

  it('reverts on a zero amount and on a limit on the wrong side', () => {
    expect(() => simulateV3Swap(pool, { zeroForOne: true, amountSpecified: 0n })).toThrow(SwapRevertError)
    expect(() =>
      simulateV3Swap(pool, { zeroForOne: true, amountSpecified: 1n, sqrtPriceLimitX96: sqrt(10) }),
    ).toThrow(SwapRevertError)
  })
})
