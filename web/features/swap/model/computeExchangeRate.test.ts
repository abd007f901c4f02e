import { describe, expect, it } from 'vitest'
import { computeExchangeRate } from './computeExchangeRate'

describe('computeExchangeRate', () => {
  it.each([
    // 0.5 ETH -> 1,502.234581 USDC: 1 ETH = 3,004.469162 USDC
    { amountIn: 5n * 10n ** 17n, decimalsIn: 18, amountOut: 1_502_234_581n, expected: 3_004_469_162n },
    // 25 USDC -> 24.992063 DAI (18 decimals)
    {
      amountIn: 25_000_000n,
      decimalsIn: 6,
      amountOut: 24_992_063_000_000_000_000n,
      expected: 999_682_520_000_000_000n,
    },
    // rounds down: 3 in for 10 out -> 3.333… per whole unit
    { amountIn: 3n, decimalsIn: 0, amountOut: 10n, expected: 3n },
    { amountIn: 1n, decimalsIn: 0, amountOut: 0n, expected: 0n },
  ])('$amountIn in ($decimalsIn dp) for $amountOut out -> $expected', ({ expected, ...params }) => {
    expect(computeExchangeRate(params)).toBe(expected)
  })

  it('is undefined for a zero input', () => {
    expect(computeExchangeRate({ amountIn: 0n, decimalsIn: 18, amountOut: 5n })).toBeUndefined()
  })
})
