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

  it('started warm from a solution, ends at the same flow without a sweep', () => {
    const cold = solveFlowPrices({ ...problem, initialPrices: [1, 1, 1] })
    const warm = solveFlowPrices({ ...problem, initialPrices: cold.prices, isWarm: true })
    expect(cold.residual).toBeLessThan(1e-9)
    expect(warm.sweeps).toBe(0)
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

  it('solves a chain through deep pools, where each price is pinned by its neighbours, in a few sweeps', () => {
    // 0 -> 1 through one pool, 1 -> 2 through two pools a thousand times deeper than the trade, 2 -> 3 (output)
    const chain = {
      tokenCount: 4,
      total,
      edges: [
        { from: 0, to: 1, curve: pool(20e9, 10e9, total) },
        { from: 1, to: 2, curve: pool(1e15, 3e15, total / 2) },
        { from: 1, to: 2, curve: pool(2e15, 6e15, total / 2) },
        { from: 2, to: 3, curve: pool(40e9, 20e9, (3 * total) / 2) },
      ],
    }
    // starting from the tokens' values at mid prices, as the flow search does
    const solution = solveFlowPrices({ ...chain, initialPrices: [0.75, 1.5, 0.5, 1] })
    expect(solution.residual).toBeLessThan(1e-7)
    expect(solution.sweeps).toBeLessThanOrEqual(10)
    // token 0 sends the whole input, and what token 1 receives it sends on over the deep pools
    expect(solution.inputs[0]).toBeCloseTo(total, -2)
    const received = solution.outputs[0] ?? 0
    const sent = (solution.inputs[1] ?? 0) + (solution.inputs[2] ?? 0)
    expect(Math.abs(sent - received) / received).toBeLessThan(1e-7)
  })
})
