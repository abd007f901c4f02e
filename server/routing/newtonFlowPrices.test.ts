import { describe, expect, it } from 'vitest'
import { newtonFlowPrices } from './newtonFlowPrices'
import { solveFlowPrices } from './solveFlowPrices'
import { constantProductCurve as pool } from './testFlowCurve'

describe('newtonFlowPrices', () => {
  // token 0 -> token 2 through three pools, token 2 -> token 1 (the output) through two
  const total = 1e9
  const edges = [
    { from: 0, to: 2, curve: pool(5e9, 5e9, total) },
    { from: 0, to: 2, curve: pool(2e9, 2.02e9, total) },
    { from: 0, to: 2, curve: pool(3e9, 2.97e9, total) },
    { from: 2, to: 1, curve: pool(8e9, 8e9, 2 * total) },
    { from: 2, to: 1, curve: pool(4e9, 4.1e9, 2 * total) },
  ]
  const units = [total, total, total]

  it('from the optimum before a pool was pruned, finds the interior point optimum without it in a few steps', () => {
    const before = solveFlowPrices({ tokenCount: 3, edges, total, initialPrices: [1, 1, 1] })
    const pruned = edges.filter((_, e) => e !== 1)
    const cold = solveFlowPrices({ tokenCount: 3, edges: pruned, total, initialPrices: [1, 1, 1] })
    const warm = newtonFlowPrices({
      tokenCount: 3,
      edges: pruned,
      total,
      prices: before.prices,
      units,
      tolerance: 1e-7,
    })
    if (!warm) throw new Error('no solution')
    expect(warm.sweeps).toBe(3)
    expect(warm.residual).toBeLessThan(1e-7)
    // the same flow as the interior point's, within the tolerance
    for (const [e, x] of cold.inputs.entries())
      expect(Math.abs((warm.inputs[e] ?? 0) - x) / total).toBeLessThan(1e-6)
    expect(Math.round(warm.inputs[0] ?? 0)).toBe(Math.round(cold.inputs[0] ?? 0))
  })

  it('started at the optimum, returns it as it is', () => {
    const solution = solveFlowPrices({ tokenCount: 3, edges, total, initialPrices: [1, 1, 1] })
    const warm = newtonFlowPrices({
      tokenCount: 3,
      edges,
      total,
      prices: solution.prices,
      units,
      tolerance: 1e-7,
    })
    expect(warm?.sweeps).toBe(0)
    expect(warm?.prices).toEqual(solution.prices)
  })

  it('gives up where the optimum leaves input unspent (its price falls to nothing), and the interior point solves it', () => {
    const full = [{ from: 0, to: 1, curve: pool(1e9, 1e9, total / 4) }]
    expect(
      newtonFlowPrices({ tokenCount: 2, edges: full, total, prices: [0.5, 1], units, tolerance: 1e-7 }),
    ).toBeNull()
    const solution = solveFlowPrices({
      tokenCount: 2,
      edges: full,
      total,
      initialPrices: [0.5, 1],
      isWarm: true,
    })
    expect(solution.inputs).toEqual([500000000])
    expect(solution.residual).toBe(0)
  })
})
