import { describe, expect, it } from 'vitest'
import { allocateOverCurves } from './allocateOverCurves'
import type { ObjectiveCurve } from './sampleObjectiveCurve'

function curve(segments: { length: number; slope: number }[]): ObjectiveCurve {
  const capacity = segments.reduce((sum, s) => sum + s.length, 0)
  const valueAtCapacity = segments.reduce((sum, s) => sum + s.length * s.slope, 0)
  return { segments, capacity, valueAtCapacity, gasAt: [{ amount: capacity, gasCost: 0 }] }
}

describe('allocateOverCurves', () => {
  it('equalises marginal rates: takes segments across curves in order of slope, the last one in part', () => {
    const a = curve([
      { length: 10, slope: 3 },
      { length: 10, slope: 1 },
    ])
    const b = curve([
      { length: 5, slope: 2 },
      { length: 20, slope: 0.5 },
    ])
    // 10 @3 (a), 5 @2 (b), then 3 of a's @1: a 13, b 5.
    expect(allocateOverCurves([a, b], 18)).toEqual({ amounts: [13, 5], value: 30 + 10 + 3 })
  })

  it('gives nothing to a curve whose first rate is below the common rate', () => {
    const a = curve([{ length: 100, slope: 2 }])
    const b = curve([{ length: 100, slope: 1 }])
    expect(allocateOverCurves([a, b], 60)).toEqual({ amounts: [60, 0], value: 120 })
  })

  it('null when the capacities cannot absorb the total', () => {
    expect(allocateOverCurves([curve([{ length: 10, slope: 1 }])], 11)).toBeNull()
  })
})
