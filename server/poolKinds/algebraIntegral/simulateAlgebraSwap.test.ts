import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { makeV3Pool, testAddress } from '../testPools'
import { simulateV3Swap } from '../uniswapV3/simulateV3Swap'
import { getSqrtRatioAtTick, MIN_SQRT_RATIO } from '../uniswapV3/tickMath'
import type { AlgebraPoolState } from './AlgebraPoolState'
import { simulateAlgebraSwap } from './simulateAlgebraSwap'

const E18 = 10n ** 18n

function algebraPool(
  params: Omit<Parameters<typeof makeV3Pool>[0], 'id' | 'token0' | 'token1'>,
): AlgebraPoolState {
  const v3 = makeV3Pool({ ...params, id: 1, token0: testAddress(1), token1: testAddress(2) })
  return { ...v3, kind: 'algebra-integral', pluginConfig: 0 }
}

// one range over 2000 ticks of spacing 1: a swap of 20 or 40 tokens crosses one or more 256-tick bitmap words
const wide = algebraPool({
  tick: 0,
  tickSpacing: 1,
  fee: 3000,
  positions: [{ lower: -1000, upper: 1000, liquidity: 1000n * E18 }],
})
// two ranges with an empty gap between them (ticks -500..-100)
const gapped = algebraPool({
  tick: 0,
  fee: 500,
  positions: [
    { lower: -100, upper: 100, liquidity: 100n * E18 },
    { lower: -900, upper: -500, liquidity: 200n * E18 },
  ],
})

describe('simulateAlgebraSwap', () => {
  it.each([
    // zeroForOne, amountRequired, in, out, tick after, V3's in and out on the same state
    [true, 20n * E18, 20n * E18, 19_550_169_617_820_656_117n, -395, 20n * E18, 19_550_169_617_820_656_114n],
    [true, -20n * E18, 20_469_571_981_249_872_066n, 20n * E18, -405, 20_469_571_981_249_872_068n, 20n * E18],
    [false, 40n * E18, 40n * E18, 38_350_578_912_951_494_403n, 782, 40n * E18, 38_350_578_912_951_494_398n],
    [false, -40n * E18, 41_792_042_795_051_822_134n, 40n * E18, 816, 41_792_042_795_051_822_138n, 40n * E18],
  ])(
    'takes one step across 256-tick words (zeroForOne %s, %i): Uniswap V3 splits it there and rounds each part',
    (zeroForOne, amountRequired, amountIn, amountOut, tick, v3In, v3Out) => {
      const result = simulateAlgebraSwap(wide, { zeroForOne, amountRequired })
      expect([
        result.amountIn,
        result.amountOut,
        result.pool.tick,
        result.ticksCrossed,
        result.complete,
      ]).toEqual([amountIn, amountOut, tick, 0, true])
      const v3 = simulateV3Swap(
        { ...wide, kind: 'uniswap-v3' },
        { zeroForOne, amountSpecified: amountRequired },
      )
      expect([v3.amountIn, v3.amountOut]).toEqual([v3In, v3Out])
    },
  )

  it('crosses initialized ticks, jumps an empty gap at no cost and leaves the input unchanged', () => {
    const result = simulateAlgebraSwap(gapped, { zeroForOne: true, amountRequired: 3n * E18 })
    expect(result).toMatchObject({ amountIn: 3n * E18, ticksCrossed: 2, complete: true })
    expect([result.amountOut, result.pool.tick, result.pool.liquidity]).toEqual([
      2_845_631_920_786_519_045n,
      -743,
      200n * E18,
    ])
    expect(gapped.liquidity).toBe(100n * E18)
  })

  it('stops at the price limit, partly filled, with what the ranges on the way could give', () => {
    const all = simulateAlgebraSwap(gapped, { zeroForOne: true, amountRequired: 10n ** 24n })
    expect([all.amountIn, all.amountOut, all.ticksCrossed, all.complete]).toEqual([
      4_645_883_411_772_274_250n,
      4_361_026_886_824_933_951n,
      3,
      false,
    ])
    expect(all.pool.sqrtPriceX96).toBe(MIN_SQRT_RATIO + 1n)
    const limit = getSqrtRatioAtTick(-50)
    const limited = simulateAlgebraSwap(gapped, {
      zeroForOne: true,
      amountRequired: E18,
      limitSqrtPrice: limit,
    })
    expect([limited.amountIn, limited.amountOut, limited.pool.tick, limited.complete]).toEqual([
      250_425_442_847_977_137n,
      249_675_292_295_368_695n,
      -50,
      false,
    ])
  })

  it('crosses an initialized tick at the current price first, at no cost (the state after an upward crossing)', () => {
    const positions = [
      { lower: -600, upper: 0, liquidity: 50n * E18 },
      { lower: 0, upper: 600, liquidity: 100n * E18 },
    ]
    const onTick = algebraPool({ tick: 0, positions })
    const below = { ...algebraPool({ tick: -1, positions }), sqrtPriceX96: onTick.sqrtPriceX96 }
    const a = simulateAlgebraSwap(onTick, { zeroForOne: true, amountRequired: E18 })
    const b = simulateAlgebraSwap(below, { zeroForOne: true, amountRequired: E18 })
    expect([a.amountIn, a.amountOut, a.ticksCrossed]).toEqual([b.amountIn, b.amountOut, b.ticksCrossed + 1])
    expect([onTick.liquidity, below.liquidity, a.pool.liquidity]).toEqual([100n * E18, 50n * E18, 50n * E18])
  })

  it('reverts where the pool does: no amount, a limit on the wrong side or out of range', () => {
    const reason = (run: () => unknown) => {
      try {
        run()
      } catch (error: unknown) {
        return error instanceof SwapRevertError ? error.reason : 'other'
      }
      return 'none'
    }
    expect(reason(() => simulateAlgebraSwap(gapped, { zeroForOne: true, amountRequired: 0n }))).toBe(
      'zeroAmountRequired',
    )
    expect(
      reason(() =>
        simulateAlgebraSwap(gapped, {
          zeroForOne: true,
          amountRequired: E18,
          limitSqrtPrice: gapped.sqrtPriceX96,
        }),
      ),
    ).toBe('invalidLimitSqrtPrice')
    expect(
      reason(() =>
        simulateAlgebraSwap(gapped, {
          zeroForOne: true,
          amountRequired: E18,
          limitSqrtPrice: MIN_SQRT_RATIO,
        }),
      ),
    ).toBe('invalidLimitSqrtPrice')
    expect(
      reason(() =>
        simulateAlgebraSwap(gapped, {
          zeroForOne: true,
          amountRequired: E18,
          limitSqrtPrice: MIN_SQRT_RATIO + 1n,
        }),
      ),
    ).toBe('none')
  })
})
