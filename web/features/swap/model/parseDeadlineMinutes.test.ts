import { describe, expect, it } from 'vitest'
import { parseDeadlineMinutes } from './parseDeadlineMinutes'

describe('parseDeadlineMinutes', () => {
  it.each([
    { text: '20', expected: 20 },
    { text: ' 30 ', expected: 30 },
    { text: '1', expected: 1 },
    { text: '4320', expected: 4320 },
    { text: '4321', expected: undefined },
    { text: '0', expected: undefined },
    { text: '', expected: undefined },
    { text: '1.5', expected: undefined },
    { text: '-5', expected: undefined },
    { text: '1e3', expected: undefined },
    { text: 'abc', expected: undefined },
  ])('"$text" -> $expected', ({ text, expected }) => {
    expect(parseDeadlineMinutes(text)).toBe(expected)
  })
})
