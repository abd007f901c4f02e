import { describe, expect, it } from 'vitest'
import { formatPercent } from './formatPercent'

describe('formatPercent', () => {
  it.each([
    { value: 0, expected: '0%' },
    { value: 12.5, expected: '12.5%' },
    { value: 70.8901, expected: '70.89%' },
    { value: 100, expected: '100%' },
    { value: 0.005, expected: '0.01%' },
    { value: 0.004, expected: '<0.01%' },
    { value: 1234.5, expected: '1,234.5%' },
  ])('$value -> $expected', ({ value, expected }) => {
    expect(formatPercent({ value, locale: 'en-US' })).toBe(expected)
  })

  it('honours the fraction digits', () => {
    expect(formatPercent({ value: 70.8901, maximumFractionDigits: 1, locale: 'en-US' })).toBe('70.9%')
    expect(formatPercent({ value: 0.4, minimumFractionDigits: 2, locale: 'en-US' })).toBe('0.40%')
    expect(formatPercent({ value: 0.04, maximumFractionDigits: 1, locale: 'en-US' })).toBe('<0.1%')
  })
})
