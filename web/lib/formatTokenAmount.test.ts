import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from './formatTokenAmount'

describe('formatTokenAmount', () => {
  it.each([
    { amount: 0n, decimals: 18, expected: '0' },
    { amount: 10n ** 18n, decimals: 18, expected: '1' },
    { amount: 1_234_567_890_000_000_000_000n, decimals: 18, expected: '1,234.56789' },
    { amount: 1_000_000n, decimals: 6, expected: '1' },
    { amount: 123_456_789n, decimals: 6, expected: '123.456789' },
    { amount: 12_345_678n, decimals: 8, expected: '0.123456' },
    { amount: 1_234_564n, decimals: 8, expected: '0.012345' },
    { amount: 1_234_565n, decimals: 7, expected: '0.123456' },
    { amount: 1_234_564n, decimals: 7, expected: '0.123456' },
    { amount: 1n, decimals: 18, expected: '<0.000001' },
    { amount: 499_999_999_999n, decimals: 18, expected: '<0.000001' },
    { amount: 999_999_999_999n, decimals: 18, expected: '<0.000001' },
    { amount: 1_000_000_000_000n, decimals: 18, expected: '0.000001' },
    { amount: 999_999_999_999_999_999_999_999_999n, decimals: 18, expected: '999,999,999.999999' },
    { amount: 9_007_199_254_740_993n, decimals: 0, expected: '9,007,199,254,740,993' },
  ])(
    '$amount with $decimals decimals -> $expected (cut digits truncated)',
    ({ amount, decimals, expected }) => {
      expect(formatTokenAmount({ amount, decimals, locale: 'en-US' })).toBe(expected)
    },
  )

  it('follows the locale', () => {
    expect(formatTokenAmount({ amount: 1_234_500_000n, decimals: 6, locale: 'de-DE' })).toBe('1.234,5')
  })

  it('honours maximumFractionDigits', () => {
    expect(
      formatTokenAmount({ amount: 1_999n, decimals: 3, locale: 'en-US', maximumFractionDigits: 2 }),
    ).toBe('1.99')
    expect(formatTokenAmount({ amount: 1n, decimals: 3, locale: 'en-US', maximumFractionDigits: 2 })).toBe(
      '<0.01',
    )
  })

  it.each([
    { roundingMode: 'halfExpand', expected: '1.234568' },
    { roundingMode: 'trunc', expected: '1.234567' },
    { roundingMode: 'ceil', expected: '1.234568' },
  ] as const)('rounds the cut digits with $roundingMode', ({ roundingMode, expected }) => {
    expect(formatTokenAmount({ amount: 1_234_567_5n, decimals: 7, locale: 'en-US', roundingMode })).toBe(
      expected,
    )
  })

  it('trunc keeps an exact amount unchanged and ceil rounds the smallest excess up', () => {
    expect(
      formatTokenAmount({ amount: 1_234_567n, decimals: 6, locale: 'en-US', roundingMode: 'trunc' }),
    ).toBe('1.234567')
    expect(
      formatTokenAmount({ amount: 1_234_567_1n, decimals: 7, locale: 'en-US', roundingMode: 'ceil' }),
    ).toBe('1.234568')
  })
})
