import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { getAmountIn } from './getAmountIn'
import { getAmountOut } from './getAmountOut'

const E18 = 10n ** 18n

// Uniswap v2-core UniswapV2Pair.spec swapTestCases: [swapAmount, reserveIn, reserveOut, max output the K check accepts].
const cases: [bigint, bigint, bigint, bigint][] = [
  [1n * E18, 5n * E18, 10n * E18, 1662497915624478906n],
  [1n * E18, 10n * E18, 5n * E18, 453305446940074565n],
  [2n * E18, 5n * E18, 10n * E18, 2851015155847869602n],
  [2n * E18, 10n * E18, 5n * E18, 831248957812239453n],
  [1n * E18, 10n * E18, 10n * E18, 906610893880149131n],
  [1n * E18, 100n * E18, 100n * E18, 987158034397061298n],
  [1n * E18, 1000n * E18, 1000n * E18, 996006981039903216n],
]

describe('getAmountOut', () => {
  it.each(cases)('in %s with reserves %s/%s -> %s', (amountIn, reserveIn, reserveOut, expected) => {
    expect(getAmountOut(amountIn, reserveIn, reserveOut, 30)).toBe(expected)
  })

  it('boundary pair: the output is the largest that getAmountIn says the input can buy', () => {
    for (const [amountIn, reserveIn, reserveOut, expected] of cases) {
      expect(getAmountIn(expected, reserveIn, reserveOut, 30) <= amountIn).toBe(true)
      expect(getAmountIn(expected + 1n, reserveIn, reserveOut, 30) > amountIn).toBe(true)
    }
  })

  it('other fees: 0 bps is the plain constant product, 25 bps differs from 30', () => {
    expect(getAmountOut(E18, 10n * E18, 10n * E18, 0)).toBe((E18 * 10n * E18) / (11n * E18))
    expect(getAmountOut(E18, 10n * E18, 10n * E18, 25)).toBe(907024323709934075n)
  })

  it('reverts on zero input or empty reserves', () => {
    expect(() => getAmountOut(0n, E18, E18, 30)).toThrow(SwapRevertError)
    expect(() => getAmountOut(1n, 0n, E18, 30)).toThrow(SwapRevertError)
  })
})
