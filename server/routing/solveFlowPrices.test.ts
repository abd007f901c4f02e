import { describe, expect, it } from 'vitest'
import { solveFlowPrices } from './solveFlowPrices'
import { constantProductCurve as pool } from './testFlowCurve'

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

  it('solves a chain of deep pools three hops long (coordinate sweeps never balanced it: no output at all)', () => {
    // 0 -> 1 -> 2 -> 3 -> 4 (output); two pools a million times deeper than the trade at each inner hop
    const chain = {
      tokenCount: 5,
      total,
      edges: [
        { from: 0, to: 1, curve: pool(20e9, 10e9, total) },
        { from: 1, to: 2, curve: pool(1e15, 3e15, total / 2) },
        { from: 1, to: 2, curve: pool(2e15, 6e15, total / 2) },
        { from: 2, to: 3, curve: pool(3e15, 1.5e15, (3 * total) / 2) },
        { from: 2, to: 3, curve: pool(6e15, 3e15, (3 * total) / 2) },
        { from: 3, to: 4, curve: pool(40e9, 30e9, (3 * total) / 4) },
      ],
    }
    const solution = solveFlowPrices({ ...chain, initialPrices: [0.75, 1.5, 0.5, 1, 1] })
    expect(solution.residual).toBeLessThan(1e-7)
    expect(solution.sweeps).toBe(8)
    // (the models bend each pool by at least 1 bp over the scale, so the two deep pools of a hop share evenly)
    expect(solution.inputs.map(Math.round)).toEqual([
      1000000000, 238095238, 238095238, 714285583, 714285583, 714285452,
    ])
    expect(solution.outputs.map(Math.round)).toEqual([
      476190476, 714285539, 714285627, 357142704, 357142748, 526098527,
    ])
    // the same optimum from starting values a trillion times off (a token's decimals mistaken)
    const far = solveFlowPrices({ ...chain, initialPrices: [1e12, 1.5, 1e-12, 1, 1] })
    expect(far.residual).toBeLessThan(1e-7)
    expect(far.inputs.map(Math.round)).toEqual(solution.inputs.map(Math.round))
  })

  it('opens a route whose tokens have all their pools closed at the starting prices', () => {
    // 0 -> 1 -> 2 -> 3 (output) through deep pools, and a shallow direct pool; at the starting values the pool
    // into token 1 pays too little for the input and the pools out of token 2 too little for token 2
    const route = {
      tokenCount: 4,
      total,
      edges: [
        { from: 0, to: 1, curve: pool(1e13, 1e13, total) },
        { from: 1, to: 2, curve: pool(1e13, 1e13, total) },
        { from: 2, to: 3, curve: pool(1e13, 1e13, total) },
        { from: 0, to: 3, curve: pool(2e9, 2e9, total) },
      ],
    }
    const solution = solveFlowPrices({ ...route, initialPrices: [1, 3, 0.3, 1], isWarm: true })
    expect(solution.residual).toBeLessThan(1e-7)
    expect(solution.sweeps).toBe(13)
    // the direct pool takes what makes its marginal rate the chain's
    expect(solution.inputs.map(Math.round)).toEqual([999400069, 999300168, 999200282, 599931])
    expect(solution.outputs.map(Math.round)).toEqual([999300168, 999200282, 999100411, 599661])
  })

  it('fills a pool that cannot take the whole input, and leaves the rest (more input is worth nothing)', () => {
    const solution = solveFlowPrices({
      tokenCount: 2,
      total,
      edges: [{ from: 0, to: 1, curve: pool(1e9, 1e9, total / 4) }],
      initialPrices: [1, 1],
    })
    expect(solution.inputs).toEqual([500000000])
    expect(solution.outputs.map(Math.round)).toEqual([333333333])
    expect(solution.prices[0]).toBeLessThan(1e-12)
    expect(solution.residual).toBe(0)
  })
})
