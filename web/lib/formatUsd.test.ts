import { describe, expect, it } from 'vitest'
import { formatUsd } from './formatUsd'

describe('formatUsd', () => {
  it.each([
    [1234.567, '$1,234.57'],
    [0, '$0.00'],
    [0.004, '<$0.01'],
    [null, undefined],
    [undefined, undefined],
    [Number.NaN, undefined],
  ])('%s -> %s', (value, expected) => {
    expect(formatUsd({ value, locale: 'en-US' })).toBe(expected)
  })
})
