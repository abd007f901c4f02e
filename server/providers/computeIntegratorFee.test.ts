import { describe, expect, it } from 'vitest'
import { computeIntegratorFee } from './computeIntegratorFee'

describe('computeIntegratorFee', () => {
  it('is feeBps of the amount, rounded down', () => {
    expect(computeIntegratorFee(1_000_000n, 30n)).toBe(3_000n)
    expect(computeIntegratorFee(9_999n, 1n)).toBe(0n)
    expect(computeIntegratorFee(10_000n, 1n)).toBe(1n)
    expect(computeIntegratorFee(123_456_789n, 0n)).toBe(0n)
  })
})
