import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { getAmountIn } from './getAmountIn'
import { getAmountOut } from './getAmountOut'

const E18 = 10n ** 18n

describe('getAmountIn', () => {
  it.each([
    // amountOut, reserveIn, reserveOut, fee, expected = ceil(rIn*out*10000 / ((rOut-out)*(10000-fee)))
    [1662497915624478906n, 5n * E18, 10n * E18, 30, 1000000000000000000n],
    [E18, 10n * E18, 10n * E18, 30, 1114454474534715257n],
    [E18, 10n * E18, 10n * E18, 0, 1111111111111111112n],
    [9970n, 1_000_000n, 1_009_970n, 30, 10_000n],
  ])('out %s with reserves %s/%s fee %i -> %s', (amountOut, reserveIn, reserveOut, fee, expected) => {
    expect(getAmountIn(amountOut, reserveIn, reserveOut, fee)).toBe(expected)
  })

  it('is the smallest input reaching the output (boundary pair), also when the division is exact', () => {
    for (const [out, rIn, rOut] of [
      [E18, 10n * E18, 10n * E18],
      [9970n, 1_000_000n, 1_009_970n],
      [12345n, 7_777_777n, 999_999n],
    ] as const) {
      const amountIn = getAmountIn(out, rIn, rOut, 30)
      expect(getAmountOut(amountIn, rIn, rOut, 30) >= out).toBe(true)
      expect(getAmountOut(amountIn - 1n, rIn, rOut, 30) < out).toBe(true)
    }
  })

  it('reverts when the output is zero or reaches the reserve', () => {
    expect(() => getAmountIn(0n, E18, E18, 30)).toThrow(SwapRevertError)
    expect(() => getAmountIn(E18, E18, E18, 30)).toThrow(SwapRevertError)
    expect(getAmountIn(E18 - 1n, E18, E18, 30) > 0n).toBe(true)
  })
})
