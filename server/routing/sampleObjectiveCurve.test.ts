import { describe, expect, it } from 'vitest'
import { curveGasCost, sampleObjectiveCurve } from './sampleObjectiveCurve'

describe('sampleObjectiveCurve', () => {
  it('keeps the concave upper hull of the samples, with the gas at each sample', () => {
    // f(x) = 2x up to 40, then +1 per unit; the sample at 60 lies below the hull of 40 and 80 and is dropped.
    const values = new Map<bigint, number>([
      [20n, 40],
      [40n, 80],
      [60n, 95],
      [80n, 120],
    ])
    const curve = sampleObjectiveCurve({
      total: 80n,
      fractions: [0.25, 0.5, 0.75, 1],
      evaluate: (x) => {
        const value = values.get(x)
        return value === undefined ? null : { value, gasCost: Number(x / 20n) }
      },
    })
    expect(curve?.segments).toEqual([
      { length: 40, slope: 2 },
      { length: 40, slope: 1 },
    ])
    expect(curve?.capacity).toBe(80)
    expect(curve?.valueAtCapacity).toBe(120)
    expect(curve && curveGasCost(curve, 50)).toBe(3)
  })

  it('ends at the capacity of a path that cannot take the total, located by bisection; null when it takes none', () => {
    const limited = sampleObjectiveCurve({
      total: 100n,
      fractions: [0.5, 1],
      evaluate: (x) => (x <= 70n ? { value: Number(x), gasCost: 0 } : null),
    })
    // 50 evaluates, 100 does not: bisection tries 75, 62, 68, 71, 69, 70 (then stops at a gap of 1).
    expect(limited?.capacity).toBe(70)
    expect(limited?.segments).toEqual([{ length: 70, slope: 1 }])
    expect(sampleObjectiveCurve({ total: 100n, fractions: [1], evaluate: () => null })).toBeNull()
  })
})
