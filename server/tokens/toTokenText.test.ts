import { describe, expect, it } from 'vitest'
import { toTokenText } from './toTokenText'

// MKR's `symbol()` answers bytes32 "MKR" padded with zero bytes
const mkrSymbol = `0x4d4b52${'00'.repeat(29)}`

describe('toTokenText', () => {
  it.each([
    ['a string as it is', 'USDC', 32, 'USDC'],
    ['a bytes32 answer up to its first zero byte', mkrSymbol, 32, 'MKR'],
    ['control characters dropped, space trimmed', ' A\u0000B\n ', 32, 'AB'],
    ['cut at the limit', 'ABCDEFGH', 4, 'ABCD'],
    ['at the limit exactly', 'ABCD', 4, 'ABCD'],
    ['a 31-byte hex string is text, not bytes32', `0x${'41'.repeat(31)}`, 70, `0x${'41'.repeat(31)}`],
  ])('%s', (_name, value, maxLength, expected) => {
    expect(toTokenText(value, maxLength)).toBe(expected)
  })
})
