import { describe, expect, it } from 'vitest'
import { computeReferencePriceImpact } from './computeReferencePriceImpact'

// 1 WETH (18 decimals) = 3000 USDC (6 decimals): 3000e6 USDC units per 1e18 WETH units.
const rate = { num: 3000n * 10n ** 18n * 10n ** 6n, den: 10n ** 36n }

describe('computeReferencePriceImpact', () => {
  it.each([
    ['1% short of the reference', 10n ** 18n, 2970n * 10n ** 6n, 0.01],
    ['exactly the reference', 10n ** 18n, 3000n * 10n ** 6n, 0],
    ['better than the reference (negative)', 10n ** 18n, 3003n * 10n ** 6n, -0.001],
    ['1000 units short, to 1e-9', 10n ** 18n, 3000n * 10n ** 6n - 1000n, 0.000000333],
    ['one unit short rounds to 0 at 1e-9', 10n ** 18n, 3000n * 10n ** 6n - 1n, 0],
    ['a zero input', 0n, 5n, 0],
  ])('%s', (_name, amountIn, amountOut, impact) => {
    expect(computeReferencePriceImpact({ amountIn, amountOut, referenceRate: rate })).toBe(impact)
  })

  it('ranks routes by output: the route with more output never shows more impact', () => {
    const worse = computeReferencePriceImpact({
      amountIn: 10n ** 18n,
      amountOut: 2990n * 10n ** 6n,
      referenceRate: rate,
    })
    const better = computeReferencePriceImpact({
      amountIn: 10n ** 18n,
      amountOut: 2995n * 10n ** 6n,
      referenceRate: rate,
    })
    expect([worse, better]).toEqual([0.003333333, 0.001666666])
  })
})
