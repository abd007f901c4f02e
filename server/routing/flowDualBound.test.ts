import { describe, expect, it } from 'vitest'
import { flowDualBound } from './flowDualBound'

/** A concave pool output with marginal rate 2 at no input: 2x / (1 + x). */
const pool = (x: number) => (2 * x) / (1 + x)

describe('flowDualBound', () => {
  it('bounds a direction between its samples by the lines at the neighbouring chords', () => {
    // samples (0, 0), (1, 1.5), (2, 2): chords 1.5 then 0.5; at a price ratio of 1 the lines from (0, 0) at the
    // spot rate 2 and to (1, 1.5) at 0.5 meet at 2/3, earning 4/3 - 2/3; from (1, 1.5) at 1.5 and to (2, 2) at 0
    // meet at 4/3, earning 2 - 4/3: the bound is 1 (the input at price 1) + 2/3
    const { bound, samples } = flowDualBound({
      edges: [{ from: 0, to: 1, spot: 2, reach: 2, samples: { xs: [0, 1, 2], ys: [0, 1.5, 2] } }],
      prices: [1, 1],
      total: 1,
    })
    expect(bound).toBeCloseTo(5 / 3, 12)
    expect(samples).toBe(0)
  })

  it('samples where the bound peaks until it meets the most the pool earns: 3 - 2 sqrt 2 for 2x/(1+x) at 1', () => {
    const most = 3 - 2 * Math.SQRT2
    const coarse = flowDualBound({
      edges: [{ from: 0, to: 1, spot: 2, reach: 4, samples: { xs: [0, 1, 2], ys: [0, pool(1), pool(2)] } }],
      prices: [1, 1],
      total: 1,
    })
    const sampled = flowDualBound({
      edges: [{ from: 0, to: 1, spot: 2, reach: 4, samples: { xs: [0, 1, 2], ys: [0, pool(1), pool(2)] } }],
      prices: [1, 1],
      total: 1,
      sample: (_, x) => pool(x),
      maxSamples: 12,
    })
    // samples (0, 0), (1, 1), (2, 4/3): the line from the origin at the spot rate 2 and the one to (1, 1) at the
    // next chord's 1/3 meet at 0.4, earning 0.8 - 0.4; then within 1e-6 of the most after 12 samples
    expect(coarse.bound).toBeCloseTo(1.4, 12)
    expect(sampled.samples).toBe(12)
    expect(sampled.bound).toBeGreaterThanOrEqual(1 + most)
    expect(sampled.bound - (1 + most)).toBeLessThan(1e-6)
  })

  it('stops sampling at the target, or when the samples already earn more than it', () => {
    const edges = [
      { from: 0, to: 1, spot: 2, reach: 4, samples: { xs: [0, 1, 2], ys: [0, pool(1), pool(2)] } },
    ]
    const params = {
      edges,
      prices: [1, 1],
      total: 1,
      sample: (_: number, x: number) => pool(x),
      maxSamples: 50,
    }
    // the first sample, at 0.4 (4/7), leaves the lines from (0.4, 4/7) at 10/7 and to (1, 1) at 1/3: they meet at
    // 14/23, earning 6/23; the second, there, brings the bound under 1.25
    const reached = flowDualBound({ ...params, target: 1.25 })
    expect(reached.samples).toBe(2)
    expect(reached.bound).toBeLessThanOrEqual(1.25)
    // after the first sample, which earns 4/7 - 0.4 already, no bound at these prices falls to 1.1
    const hopeless = flowDualBound({ ...params, target: 1.1 })
    expect(hopeless.samples).toBe(1)
    expect(hopeless.bound).toBeCloseTo(1 + 6 / 23, 12)
  })

  it('counts a direction only when it earns its cost, but charges the cheapest ones a flow must use', () => {
    const edges = [
      // earns 0.4 at most (the second test's lines) for a cost of 0.5: left out
      { from: 0, to: 1, spot: 2, reach: 2, samples: { xs: [0, 1, 2], ys: [0, pool(1), pool(2)] }, cost: 0.5 },
      // its spot rate 0.9 does not pay the price ratio 1: earns nothing, costs 0.1 if used
      { from: 0, to: 1, spot: 0.9, reach: 2, cost: 0.1 },
      { from: 0, to: 1, spot: 0.8, reach: 2, cost: 0.2 },
    ]
    const bound = (leastUsed: number) => flowDualBound({ edges, prices: [1, 1], total: 1, leastUsed }).bound
    expect(bound(0)).toBeCloseTo(1, 12)
    expect(bound(1)).toBeCloseTo(1 - 0.1, 12)
    expect(bound(2)).toBeCloseTo(1 - 0.1 - 0.1, 12)
    expect(bound(3)).toBeCloseTo(1 - 0.1 - 0.1 - 0.2, 12)
  })

  it('bounds a direction without samples by its spot rate up to its reach, and past a dry pool by its last chord', () => {
    // at prices 1 (input) and 2 (output): 2 x (0.75 x 4) - 4 = 2 without samples
    expect(
      flowDualBound({ edges: [{ from: 0, to: 1, spot: 0.75, reach: 4 }], prices: [1, 2], total: 0 }).bound,
    ).toBe(2)
    // ran dry after (1, 1): at most 1 + 1 x (4 - 1) at 4, earning 4 x 1 - 4 x 0.5
    const dry = flowDualBound({
      edges: [{ from: 0, to: 1, spot: 1, reach: 4, samples: { xs: [0, 1], ys: [0, 1] } }],
      prices: [0.5, 1],
      total: 0,
    })
    expect(dry.bound).toBe(2)
  })
})
