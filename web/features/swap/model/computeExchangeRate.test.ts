import { describe, expect, it } from 'vitest'
import { computeExchangeRate } from './computeExchangeRate'

describe('computeExchangeRate', () => {
  it.each([
    // 0.5 ETH -> 1,502.234581 USDC: 1 ETH = 3,004.469162 USDC
    {
      amountIn: 5n * 10n ** 17n,
      decimalsIn: 18,
      amountOut: 1_502_234_581n,
      decimalsOut: 6,
      expected: { amount: 3_004_469_162n * 10n ** 18n, decimals: 24 },
    },
    // 25 USDC -> 24.992063 DAI (18 decimals)
    {
      amountIn: 25_000_000n,
      decimalsIn: 6,
      amountOut: 24_992_063_000_000_000_000n,
      decimalsOut: 18,
      expected: { amount: 999_682_520_000_000_000n * 10n ** 18n, decimals: 36 },
    },
    // 1,000,000 PEPE -> 9.995906 USDC: 1 PEPE = 0.000009995906 USDC, below USDC's smallest unit
    {
      amountIn: 10n ** 24n,
      decimalsIn: 18,
      amountOut: 9_995_906n,
      decimalsOut: 6,
      expected: { amount: 9_995_906n * 10n ** 12n, decimals: 24 },
    },
    // rounds down: 3 in for 10 out -> 3.333… per whole unit
    {
      amountIn: 3n,
      decimalsIn: 0,
      amountOut: 10n,
      decimalsOut: 0,
      expected: { amount: 3_333_333_333_333_333_333n, decimals: 18 },
    },
    { amountIn: 1n, decimalsIn: 0, amountOut: 0n, decimalsOut: 0, expected: { amount: 0n, decimals: 18 } },
  ])('$amountIn in ($decimalsIn dp) for $amountOut out', ({ expected, ...params }) => {
    expect(computeExchangeRate(params)).toEqual(expected)
  })

  it('is undefined for a zero input', () => {
    expect(
      computeExchangeRate({ amountIn: 0n, decimalsIn: 18, amountOut: 5n, decimalsOut: 6 }),
    ).toBeUndefined()
  })
})
