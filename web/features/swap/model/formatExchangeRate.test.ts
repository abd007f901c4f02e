import { describe, expect, it } from 'vitest'
import { formatExchangeRate } from './formatExchangeRate'

describe('formatExchangeRate', () => {
  it.each([
    { amount: 131_213_260_521_146_000_000_000_000n, decimals: 18, expected: '131,213,260.52' },
    { amount: 3_004_469_162n, decimals: 6, expected: '3,004.46' },
    { amount: 999_999_999n, decimals: 6, expected: '999.9999' },
    { amount: 1_000_000n, decimals: 6, expected: '1' },
    { amount: 999_682_520_000_000_000n, decimals: 18, expected: '0.999682' },
    { amount: 332_837_000_000_000n, decimals: 18, expected: '0.00033283' },
    { amount: 15_384_615_384_615n, decimals: 18, expected: '0.000015384' },
    { amount: 1n, decimals: 18, expected: '0.000000000000000001' },
    { amount: 9n, decimals: 6, expected: '0.000009' },
    // 1 PEPE in USDC with 18 extra digits: five significant digits, not one
    { amount: 9_995_906n * 10n ** 12n, decimals: 24, expected: '0.0000099959' },
  ])('$amount ($decimals dp) -> $expected', ({ amount, decimals, expected }) => {
    expect(formatExchangeRate({ rate: { amount, decimals }, locale: 'en-US' })).toBe(expected)
  })
})
