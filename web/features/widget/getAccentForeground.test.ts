import { describe, expect, test } from 'vitest'
import { getAccentForeground } from './getAccentForeground'

describe('getAccentForeground', () => {
  test('white on dark accents, near-black on light ones', () => {
    expect(getAccentForeground('#0f766e')).toBe('#ffffff')
    expect(getAccentForeground('#1d4ed8')).toBe('#ffffff')
    expect(getAccentForeground('#fde047')).toBe('#0b1020')
    expect(getAccentForeground('#2dd4bf')).toBe('#0b1020')
  })
})
