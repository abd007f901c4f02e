import { describe, expect, it } from 'vitest'
import { refineAllocation } from './refineAllocation'

describe('refineAllocation', () => {
  it('moves amount between legs until the marginal values meet (to the minimum move)', () => {
    // Leg values 1e6 - (x - 700)^2 and 1e6 - (x - 300)^2 over a total of 1000: the optimum is 700 / 300.
    const target = [700n, 300n]
    const value = (leg: number, x: bigint) => {
      const d = Number(x - (target[leg] ?? 0n))
      return 1_000_000 - d * d
    }
    const amounts = [500n, 500n]
    const values = amounts.map((x, leg) => value(leg, x))
    refineAllocation({ value, amounts, values, startDelta: 64n, minMove: 1n })
    expect(amounts).toEqual([700n, 300n])
    expect(values).toEqual([1_000_000, 1_000_000])
  })
})
