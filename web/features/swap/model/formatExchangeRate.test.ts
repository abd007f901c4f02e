import { describe, expect, it } from 'vitest'
import { formatExchangeRate } from './formatExchangeRate'

describe('formatExchangeRate', () => {
  it.each([
    { rate: 131_213_260_521_146_000_000_000_000n, decimals: 18, expected: '131,213,260.52' },
    { rate: 3_004_469_162n, decimals: 6, expected: '3,004.46' },
    { rate: 999_999_999n, decimals: 6, expected: '999.9999' },
    { rate: 1_000_000n, decimals: 6, expected: '1' },
    { rate: 999_682_520_000_000_000n, decimals: 18, expected: '0.999682' },
    { rate: 332_837_000_000_000n, decimals: 18, expected: '0.00033283' },
    { rate: 15_384_615_384_615n, decimals: 18, expected: '0.000015384' },
    { rate: 1n, decimals: 18, expected: '0.000000000000000001' },
    { rate: 9n, decimals: 6, expected: '0.000009' },
  ])('$rate ($decimals dp) -> $expected', ({ rate, decimals, expected }) => {
    expect(formatExchangeRate({ rate, decimals, locale: 'en-US' })).toBe(expected)
  })
})
