import { describe, expect, it } from 'vitest'
import { refineAllocation } from './refineAllocation'

describe('refineAllocation', () => {
  it('moves amount between legs until the exact marginal values meet (to the minimum move)', () => {
    // Leg values -(x - 700)^2 and -(x - 300)^2 over a total of 1000: the optimum is 700 / 300.
    const target = [700n, 300n]
    const value = (leg: number, x: bigint) => {
      const d = x - (target[leg] ?? 0n)
      return -d * d
    }
    const amounts = [500n, 500n]
    const values = amounts.map((x, leg) => value(leg, x))
    refineAllocation({ value, amounts, values, startDelta: 64n, minMove: 1n })
    expect(amounts).toEqual([700n, 300n])
    expect(values).toEqual([0n, 0n])
  })
})
