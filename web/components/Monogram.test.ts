import { describe, expect, it } from 'vitest'
import { getMonogramFontSize } from './Monogram'

describe('getMonogramFontSize', () => {
  it('shrinks with the number of letters so three fit the disc', () => {
    expect(getMonogramFontSize({ size: 24, letters: 1 })).toBe(12)
    expect(getMonogramFontSize({ size: 24, letters: 2 })).toBe(9.6)
    expect(getMonogramFontSize({ size: 24, letters: 3 })).toBe(6.7)
  })
  it('never goes below 5 px', () => {
    expect(getMonogramFontSize({ size: 12, letters: 3 })).toBe(5)
  })
})
