import { describe, expect, it } from 'vitest'
import { computeGasReserve, computeMaxAmount } from './computeMaxAmount'

describe('computeMaxAmount', () => {
  it.each([
    [1_000n, false, 100n, 1_000n],
    [1_000n, true, 100n, 900n],
    [100n, true, 100n, 0n],
    [101n, true, 100n, 1n],
    [50n, true, 100n, 0n],
  ])('balance %s native %s reserve %s -> %s', (balance, isNative, gasReserve, expected) => {
    expect(computeMaxAmount({ balance, isNative, gasReserve })).toBe(expected)
  })
})

describe('computeGasReserve', () => {
  it('doubles a known gas cost and falls back otherwise', () => {
    expect(computeGasReserve({ gasCostWei: 7n, fallback: 1_000n })).toBe(14n)
    expect(computeGasReserve({ gasCostWei: undefined, fallback: 1_000n })).toBe(1_000n)
    expect(computeGasReserve({ gasCostWei: 0n, fallback: 1_000n })).toBe(1_000n)
  })
})
