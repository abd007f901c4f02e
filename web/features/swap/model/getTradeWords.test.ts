import { describe, expect, it } from 'vitest'
import { getTradeWords } from './getTradeWords'

describe('getTradeWords', () => {
  it.each([
    { kind: undefined, expected: { noun: 'Swap', lower: 'swap', gerund: 'Swapping' } },
    { kind: 'wrap' as const, expected: { noun: 'Wrap', lower: 'wrap', gerund: 'Wrapping' } },
    { kind: 'unwrap' as const, expected: { noun: 'Unwrap', lower: 'unwrap', gerund: 'Unwrapping' } },
  ])('$kind', ({ kind, expected }) => {
    expect(getTradeWords(kind)).toEqual(expected)
  })
})
