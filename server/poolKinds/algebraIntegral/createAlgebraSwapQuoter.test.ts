import { describe, expect, it } from 'vitest'
import { makeV3Pool, testAddress } from '../testPools'
import { getSqrtRatioAtTick } from '../uniswapV3/tickMath'
import type { AlgebraPoolState } from './AlgebraPoolState'
import { createAlgebraSwapQuoter } from './createAlgebraSwapQuoter'
import { simulateAlgebraSwap } from './simulateAlgebraSwap'

const E18 = 10n ** 18n
const pools: AlgebraPoolState[] = [
  {
    ...makeV3Pool({
      id: 1,
      token0: testAddress(1),
      token1: testAddress(2),
      tick: 0,
      fee: 500,
      positions: [
        { lower: -120, upper: 120, liquidity: E18 },
        { lower: -60, upper: 60, liquidity: 2n * E18 },
        { lower: -2400, upper: -1800, liquidity: 5n * E18 },
        { lower: 300, upper: 900, liquidity: 3n * E18 },
      ],
    }),
    kind: 'algebra-integral',
    pluginConfig: 0,
  },
  {
    ...makeV3Pool({
      id: 2,
      token0: testAddress(1),
      token1: testAddress(2),
      tick: -7,
      sqrtPriceX96: getSqrtRatioAtTick(-7) + 123_456_789n,
      tickSpacing: 1,
      fee: 3000,
      positions: [
        { lower: -700, upper: 700, liquidity: 10n * E18 },
        { lower: -300, upper: 2, liquidity: 7n * E18 + 12_345n },
        { lower: -2000, upper: -1000, liquidity: E18 },
      ],
    }),
    kind: 'algebra-integral',
    pluginConfig: 0,
  },
]

describe('createAlgebraSwapQuoter', () => {
  it('matches simulateAlgebraSwap to the wei, exact in and out, both directions, on and beside step ends', () => {
    let compared = 0
    for (const pool of pools) {
      for (const zeroForOne of [true, false]) {
        const quoter = createAlgebraSwapQuoter(pool, zeroForOne)
        // the amounts that take the swap exactly to each initialized tick on its way (and one wei either side)
        const edges = pool.ticks.flatMap(({ index }) => {
          const limit = getSqrtRatioAtTick(index)
          if (zeroForOne ? limit >= pool.sqrtPriceX96 : limit <= pool.sqrtPriceX96) return []
          const toTick = simulateAlgebraSwap(pool, {
            zeroForOne,
            amountRequired: 10n ** 30n,
            limitSqrtPrice: limit,
          })
          return [toTick.amountIn, toTick.amountOut]
        })
        const amounts = [1n, 999n, 10n ** 12n, E18 / 3n, E18, 7n * E18, 10n ** 24n, ...edges]
          .flatMap((a) => [a - 1n, a, a + 1n])
          .filter((a) => a > 0n)
        for (const amount of amounts) {
          for (const exactIn of [true, false]) {
            const expected = simulateAlgebraSwap(pool, {
              zeroForOne,
              amountRequired: exactIn ? amount : -amount,
            })
            const quote = exactIn ? quoter.quoteExactIn(amount) : quoter.quoteExactOut(amount)
            expect([quote.amountIn, quote.amountOut, quote.ticksCrossed, quote.complete]).toEqual([
              expected.amountIn,
              expected.amountOut,
              expected.ticksCrossed,
              expected.complete,
            ])
            compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300)
  })

  it('names the step a swap ends in: the whole way to a tick ends at it, a wei less inside it, a wei more at the next start', () => {
    const pool = pools[0]
    if (!pool) throw new Error('no pool')
    const quoter = createAlgebraSwapQuoter(pool, true)
    // from tick 0 down: the step to tick -60, then to -120, then the gap to -1800
    const toTick = simulateAlgebraSwap(pool, {
      zeroForOne: true,
      amountRequired: 10n ** 30n,
      limitSqrtPrice: getSqrtRatioAtTick(-60),
    })
    expect(quoter.quoteExactIn(toTick.amountIn)).toMatchObject({
      endSegment: 0,
      endsAt: 'end',
      ticksCrossed: 1,
    })
    expect(quoter.quoteExactIn(toTick.amountIn - 1n)).toMatchObject({
      endSegment: 0,
      endsAt: 'inside',
      ticksCrossed: 0,
    })
    // one wei more is all fee: the next step starts and moves no price
    expect(quoter.quoteExactIn(toTick.amountIn + 1n)).toMatchObject({
      endSegment: 1,
      endsAt: 'start',
      ticksCrossed: 1,
    })
    expect(quoter.quoteExactIn(toTick.amountIn + 10n ** 12n)).toMatchObject({
      endSegment: 1,
      endsAt: 'inside',
      ticksCrossed: 1,
    })
  })

  it('approximates exactIn in floating point within 1e-9 and counts the ticks it would cross', () => {
    for (const pool of pools) {
      for (const zeroForOne of [true, false]) {
        const quoter = createAlgebraSwapQuoter(pool, zeroForOne)
        for (const amount of [10n ** 12n, E18 / 3n, E18, 7n * E18]) {
          const exact = quoter.quoteExactIn(amount)
          const crossed = { ticks: -1 }
          const approx = quoter.approxExactIn(Number(amount), crossed)
          if (!exact.complete) {
            expect(approx).toBeNull()
            continue
          }
          expect(Math.abs((approx ?? 0) / Number(exact.amountOut) - 1)).toBeLessThan(1e-9)
          expect(crossed.ticks).toBe(exact.ticksCrossed)
        }
        expect(quoter.approxExactIn(1e30)).toBeNull()
        expect(quoter.approxExactIn(0)).toBeNull()
      }
    }
  })
})
