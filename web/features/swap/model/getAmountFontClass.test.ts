import { describe, expect, it } from 'vitest'
import { getAmountFontClass } from './getAmountFontClass'

describe('getAmountFontClass', () => {
  it.each([
    { length: 0, expected: 'text-3xl' },
    { length: 8, expected: 'text-3xl' },
    { length: 9, expected: 'text-2xl' },
    { length: 11, expected: 'text-2xl' },
    { length: 12, expected: 'text-xl' },
    { length: 14, expected: 'text-xl' },
    { length: 15, expected: 'text-base' },
    { length: 40, expected: 'text-base' },
  ])('$length characters -> $expected', ({ length, expected }) => {
    expect(getAmountFontClass(length)).toBe(expected)
  })
})
