import { describe, expect, it } from 'vitest'
import { flowCurveResponse, flowCurveResponseSlope, sampleFlowCurve } from './sampleFlowCurve'

describe('sampleFlowCurve', () => {
  // a pool so deep it pays a flat 2 per unit at every sampled size
  const linear = sampleFlowCurve(1e9, (x) => 2 * x)
  if (!linear) throw new Error('no curve')

  it('bends a linear pool by 1 bp over the scale, so its marginal rate falls strictly', () => {
    for (let k = 1; k < linear.slopes.length; k++) {
      expect(linear.slopes[k] ?? 0).toBeLessThan(linear.slopes[k - 1] ?? 0)
    }
    expect(linear.slopes[0]).toBe(2)
    const fall = 1 - (linear.slopes.at(-1) ?? 0) / 2
    expect(fall).toBeGreaterThan(1e-4)
    expect(fall).toBeLessThan(2e-4)
  })

  it('takes an amount that moves continuously with the rate, with the slope of that response', () => {
    const rate = 2 * (1 - 0.5e-4)
    const x = flowCurveResponse(linear, rate)
    expect(x).toBeGreaterThan(0)
    expect(x).toBeLessThan(2e9)
    const slope = flowCurveResponseSlope(linear, rate)
    expect(slope).toBeLessThan(0)
    const h = 1e-9
    expect(flowCurveResponse(linear, rate + h) - x).toBeCloseTo(slope * h, 3)
    // above the first marginal rate the pool takes nothing, below the last it takes its cap: flat
    expect(flowCurveResponseSlope(linear, 3)).toBe(0)
    expect(flowCurveResponseSlope(linear, 1)).toBe(0)
  })
})
