import { describe, expect, it } from 'vitest'
import { computeIntegratorFee } from '../computeIntegratorFee'
import { computeDepositWithinBudget } from './computeDepositWithinBudget'

describe('computeDepositWithinBudget', () => {
  it('is the largest deposit whose unrounded fee fits beside it', () => {
    expect(computeDepositWithinBudget(1_000_000n, 0n)).toBe(1_000_000n)
    expect(computeDepositWithinBudget(1_003_000n, 30n)).toBe(1_000_000n)
    expect(computeDepositWithinBudget(1_002_999n, 30n)).toBe(999_999n)
    expect(computeDepositWithinBudget(100n, 10_000n)).toBe(50n)
    // the rounded-down fee of 7 at 1 bp is 0, but the unrounded one does not fit beside 7
    expect(computeDepositWithinBudget(7n, 1n)).toBe(6n)
  })

  it('leaves no larger deposit that fits, and the rounded fee fits too', () => {
    for (const [available, feeBps] of [
      [1_002_999n, 30n],
      [987_654_321n, 125n],
      [7n, 1n],
    ] as const) {
      const deposit = computeDepositWithinBudget(available, feeBps)
      expect(deposit * (10_000n + feeBps) <= available * 10_000n).toBe(true)
      expect((deposit + 1n) * (10_000n + feeBps) > available * 10_000n).toBe(true)
      expect(deposit + computeIntegratorFee(deposit, feeBps) <= available).toBe(true)
    }
  })
})
