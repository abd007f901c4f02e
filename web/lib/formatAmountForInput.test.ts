import { describe, expect, it } from 'vitest'
import { formatAmountForInput } from './formatAmountForInput'

describe('formatAmountForInput', () => {
  it.each([
    [1_500_000_000_000_000_000n, 18, undefined, '1.5'],
    [3_002_948_581n, 6, undefined, '3002.948581'],
    [1_234_567_891n, 9, 4, '1.2345'],
    [1n, 18, undefined, '0'],
    [10n ** 24n, 18, undefined, '1000000'],
  ])('%s with %i decimals (max %s) -> %s', (amount, decimals, maxFractionDigits, expected) => {
    expect(formatAmountForInput({ amount, decimals, maxFractionDigits })).toBe(expected)
  })
})
