import { describe, expect, it } from 'vitest'
import { computeMemolessAmount } from './computeMemolessAmount'
import { extractMemoReference } from './extractMemoReference'

describe('computeMemolessAmount', () => {
  it.each([
    [1_000_000n, '00003', 1_000_003n],
    // the amount already ends in the reference: unchanged
    [1_000_003n, '00003', 1_000_003n],
    // one above: the next amount ending in it
    [1_000_004n, '00003', 1_100_003n],
    [12_345_678n, '99999', 12_399_999n],
    [12_399_999n, '99999', 12_399_999n],
    [12_400_000n, '99999', 12_499_999n],
    [0n, '00001', 1n],
    [17n, '5', 25n],
  ])('%s with reference %s pays %s', (amount, reference, expected) => {
    const paid = computeMemolessAmount(amount, reference)
    expect(paid).toBe(expected)
    // what the network reads back from it
    expect(extractMemoReference(paid, 8, 10 ** reference.length - 1)).toBe(reference)
  })

  it.each(['00000', '', '12a45', '-1'])('refuses the reference %j', (reference) => {
    expect(() => computeMemolessAmount(1_000n, reference)).toThrow(/not a memoless reference/)
  })
})
