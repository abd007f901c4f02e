import { describe, expect, it } from 'vitest'
import { sampleFlowCurve } from './sampleFlowCurve'
import { solveFlowPrices } from './solveFlowPrices'

/** A constant-product pool's output for `x` (no fee), as a model sampled at the solver's grid. */
const pool = (reserveIn: number, reserveOut: number, scale: number) => {
  const curve = sampleFlowCurve(scale, (x) =>
    BigInt(Math.floor((Number(x) * reserveOut) / (reserveIn + Number(x)))),
  )
  if (!curve) throw new Error('no curve')
  return curve
}

describe('solveFlowPrices', () => {
  // token 0 -> token 1 directly (two pools) and through token 2 (0 -> 2 -> 1); token 1 is the output
  const total = 1e9
  const problem = {
    tokenCount: 3,
    total,
    edges: [
      { from: 0, to: 2, curve: pool(5e9, 5e9, total) },
      { from: 0, to: 2, curve: pool(2e9, 2.02e9, total) },
      { from: 2, to: 1, curve: pool(8e9, 8e9, 2 * total) },
    ],
  }

  it('started warm from a solution, ends at the same flow in one sweep', () => {
    const cold = solveFlowPrices({ ...problem, initialPrices: [1, 1, 1] })
    const warm = solveFlowPrices({ ...problem, initialPrices: cold.prices, isWarm: true })
    expect(cold.residual).toBeLessThan(1e-9)
    expect(warm.sweeps).toBe(1)
    expect(warm.residual).toBeLessThan(1e-9)
    for (const [e, x] of cold.inputs.entries())
      expect(Math.abs((warm.inputs[e] ?? 0) - x)).toBeLessThan(total * 1e-8)
  })

  it('started warm from prices far from the solution, still finds it (the brackets widen)', () => {
    const cold = solveFlowPrices({ ...problem, initialPrices: [1, 1, 1] })
    const far = solveFlowPrices({ ...problem, initialPrices: [50, 1, 0.01], isWarm: true })
    expect(far.residual).toBeLessThan(1e-9)
    for (const [e, x] of cold.inputs.entries())
      expect(Math.abs((far.inputs[e] ?? 0) - x)).toBeLessThan(total * 1e-6)
  })
})
