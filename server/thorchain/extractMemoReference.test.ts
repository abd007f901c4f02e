import { describe, expect, it } from 'vitest'
import { extractMemoReference } from './extractMemoReference'

describe('extractMemoReference', () => {
  it.each([
    // BTC (8 decimals): the last five digits of the satoshis
    [100_012_345n, 8, 99_999, '12345'],
    [1_000_003n, 8, 99_999, '00003'],
    [99_999n, 8, 99_999, '99999'],
    [1n, 8, 99_999, '00001'],
    // ATOM (6 decimals): the 1e8 amount is uatom x 100, read back in uatom
    [123_456_700n, 6, 99_999, '34567'],
    [123_456_799n, 6, 99_999, '34567'],
    // a smaller reference count, a shorter reference
    [1_234n, 8, 9, '4'],
    [1_234n, 8, 999, '234'],
  ])('%s (decimals %s, count %s) carries %s', (amount, decimals, refCount, reference) => {
    expect(extractMemoReference(amount, decimals, refCount)).toBe(reference)
  })

  it('defaults to THORChain count of 99,999 references', () => {
    expect(extractMemoReference(700_042n, 8)).toBe('00042')
  })

  it.each([
    [100_000n, 8, 99_999],
    [50_000_000n, 8, 99],
    [0n, 8, 99_999],
    [99n, 6, 99_999],
    [1_234n, 8, 0],
  ])('reads no reference in %s (decimals %s, count %s)', (amount, decimals, refCount) => {
    expect(extractMemoReference(amount, decimals, refCount)).toBeUndefined()
  })
})
