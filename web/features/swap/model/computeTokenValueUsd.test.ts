import { describe, expect, it } from 'vitest'
import { computeTokenValueUsd } from './computeTokenValueUsd'

describe('computeTokenValueUsd', () => {
  it.each([
    [1_500_000n, 6, 1, 1.5],
    [2n * 10n ** 18n, 18, 2991, 5982],
    [0n, 18, 2991, 0],
    [1n, 8, 65_000, 0.00065],
  ])('%s base units, %i decimals at $%f -> %f', (amount, decimals, priceInUsd, expected) => {
    expect(computeTokenValueUsd({ amount, decimals, priceInUsd })).toBeCloseTo(expected, 12)
  })

  it('is undefined without a price', () => {
    expect(computeTokenValueUsd({ amount: 5n, decimals: 0, priceInUsd: null })).toBeUndefined()
  })
})
