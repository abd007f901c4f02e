import { describe, expect, it } from 'vitest'
import type { ObjectiveCurve } from './sampleObjectiveCurve'
import { searchPathSets } from './searchPathSets'

/** A linear curve: `slope` per unit up to `capacity`, with a fixed gas cost. */
function linear(slope: number, capacity: number, gasCost = 0): ObjectiveCurve {
  return {
    segments: [{ length: capacity, slope }],
    capacity,
    valueAtCapacity: slope * capacity,
    gasAt: [{ amount: capacity, gasCost }],
  }
}

function curve(segments: { length: number; slope: number }[]): ObjectiveCurve {
  const capacity = segments.reduce((sum, s) => sum + s.length, 0)
  const valueAtCapacity = segments.reduce((sum, s) => sum + s.length * s.slope, 0)
  return { segments, capacity, valueAtCapacity, gasAt: [{ amount: capacity, gasCost: 0 }] }
}

describe('searchPathSets', () => {
  it('exchanges two legs for two conflicting ones when that raises the optimum', () => {
    // Pools 1..4. From path 0 {1,2} (the best single) the search adds path 1 {3,4}: 110. Paths 2 {1,4} and
    // 3 {3,2} each conflict with both, and only together carry more: 50 at 1.15 each, 115.
    const pools = [
      [1, 2],
      [3, 4],
      [1, 4],
      [3, 2],
    ]
    const tail = { length: 50, slope: 0.2 }
    const curves = [
      curve([
        { length: 50, slope: 1.2 },
        { length: 50, slope: 0.5 },
      ]),
      curve([{ length: 100, slope: 1 }]),
      curve([{ length: 50, slope: 1.15 }, tail]),
      curve([{ length: 50, slope: 1.15 }, tail]),
    ]
    const search = searchPathSets({
      curves,
      poolIdsOf: (i) => pools[i] ?? [],
      total: 100,
      maxLegs: 4,
      gasPriced: false,
      starts: 1,
    })
    expect(search.sets[0]?.members).toEqual([2, 3])
    expect(search.sets[0]?.net).toBeCloseTo(115, 9)
    expect(search.sets[1]?.members).toEqual([0, 1])
  })

  it('starts from paths that together take the total when none can alone', () => {
    const search = searchPathSets({
      curves: [linear(1, 60), linear(0.9, 60), linear(0.95, 30)],
      poolIdsOf: (i) => [i],
      total: 100,
      maxLegs: 3,
      gasPriced: false,
    })
    expect(search.sets[0]?.members).toEqual([0, 1, 2])
    expect(search.sets[0]?.net).toBeCloseTo(60 + 30 * 0.95 + 10 * 0.9, 9)
  })

  it('drops a leg whose gas outweighs its share when gas is priced', () => {
    const curves = [linear(1, 100), linear(1.01, 10, 5)]
    const search = searchPathSets({
      curves,
      poolIdsOf: (i) => [i],
      total: 100,
      maxLegs: 2,
      gasPriced: true,
    })
    expect(search.sets[0]?.members).toEqual([0])
    expect(search.sets[0]?.net).toBe(100)
  })
})
