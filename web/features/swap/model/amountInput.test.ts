import { describe, expect, it } from 'vitest'
import { parseAmountInput } from './parseAmountInput'
import { sanitizeAmountInput } from './sanitizeAmountInput'

describe('sanitizeAmountInput', () => {
  it.each([
    ['1.5', 18, '1.5'],
    ['1,5', 18, '1.5'],
    ['0012', 18, '12'],
    ['0.000', 18, '0.000'],
    ['1.2345678', 6, '1.234567'],
    ['1.2.3', 18, '1.23'],
    ['abc1e5', 18, '15'],
    ['.5', 6, '.5'],
    ['7.', 6, '7.'],
    ['3.9', 0, '3'],
  ])('%s with %i decimals -> %s', (text, decimals, expected) => {
    expect(sanitizeAmountInput({ text, decimals })).toBe(expected)
  })
})

describe('parseAmountInput', () => {
  it.each([
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['.5', 6, 500_000n],
    ['7.', 6, 7_000_000n],
    ['0.000001', 6, 1n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
  ])('%s with %i decimals -> %s', (text, decimals, expected) => {
    expect(parseAmountInput({ text, decimals })).toBe(expected)
  })

  it.each([[''], ['.'], ['0'], ['0.000'], ['1.0000001'], ['1e5'], ['-1']])('%s -> undefined', (text) => {
    expect(parseAmountInput({ text, decimals: 6 })).toBeUndefined()
  })
})
