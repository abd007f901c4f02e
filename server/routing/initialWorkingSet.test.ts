import { describe, expect, it } from 'vitest'
import { initialWorkingSet } from './initialWorkingSet'

/** A constant-product pool direction of reserves (x0, y0) and fee f: its output for input x. */
const constantProduct = (x0: number, y0: number, f: number) => (x: number) =>
  (y0 * x * (1 - f)) / (x0 + x * (1 - f))

describe('initialWorkingSet', () => {
  it('keeps the pools of a pair whose spot rate beats the deepest pool once it has taken the whole input', () => {
    // token 0 -> 1: a deep pool, a thin pool at a cheaper fee, a thin pool at a stale price, a dry pool
    const pools = [
      constantProduct(1_000, 1_000, 0.003),
      constantProduct(50, 50, 0.0005),
      constantProduct(100, 40, 0.003),
      () => null,
    ]
    const edges = pools.map(() => ({ from: 0, to: 1 }))
    const spots = [0.997, 0.9995, 0.4 * 0.997, 0.99]
    // 100 in: the deep pool's marginal rate falls to 0.997 * 1e6 / 1099.7^2 = 0.824
    const kept = initialWorkingSet(edges, spots, [100, 0], (e, x) => pools[e]?.(x) ?? null)
    expect(kept).toEqual([true, true, false, true])
  })

  it('takes each pair apart, and keeps every pool of a pair none of which can take the whole input', () => {
    const deep = constantProduct(1_000, 1_000, 0.003)
    const edges = [
      { from: 0, to: 1 },
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 1, to: 2 },
    ]
    const outputs = [deep, constantProduct(100, 40, 0.003), () => null, () => null]
    const spots = [0.997, 0.4 * 0.997, 0.5, 0.1]
    expect(initialWorkingSet(edges, spots, [100, 90, 0], (e, x) => outputs[e]?.(x) ?? null)).toEqual([
      true,
      false,
      true,
      true,
    ])
  })
})
