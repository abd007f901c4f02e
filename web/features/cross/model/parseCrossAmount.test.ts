import { describe, expect, it } from 'vitest'
import { parseCrossAmount } from './parseCrossAmount'

describe('parseCrossAmount', () => {
  it('reads decimals exactly in base units', () => {
    expect(parseCrossAmount('0.1', 8)).toBe(10_000_000n)
    expect(parseCrossAmount(' 12 ', 18)).toBe(12n * 10n ** 18n)
    expect(parseCrossAmount('.5', 6)).toBe(500_000n)
    expect(parseCrossAmount('1.', 8)).toBe(100_000_000n)
  })

  it('refuses what is not a positive amount of the token', () => {
    for (const text of ['', '0', '0.000', 'abc', '1e3', '-1', '0.123456789', '1,5'])
      expect(parseCrossAmount(text, 8), text).toBeUndefined()
  })
})
