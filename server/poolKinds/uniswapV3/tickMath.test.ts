import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import {
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
} from './tickMath'

const Q96 = 1n << 96n

describe('getSqrtRatioAtTick', () => {
  it.each([
    [MIN_TICK, MIN_SQRT_RATIO],
    [MIN_TICK + 1, 4295343490n],
    [0, Q96],
    [MAX_TICK - 1, 1461373636630004318706518188784493106690254656249n],
    [MAX_TICK, MAX_SQRT_RATIO],
  ])('tick %i -> %s', (tick, expected) => {
    expect(getSqrtRatioAtTick(tick)).toBe(expected)
  })

  it('rejects ticks out of range (boundary pair)', () => {
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow(SwapRevertError)
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(SwapRevertError)
  })

  it('is within 1e-9 relative of sqrt(1.0001^tick) * 2^96 and strictly increasing', () => {
    let previous = 0n
    for (const tick of [-500_000, -69_082, -13_863, -60, -1, 0, 1, 60, 13_863, 69_082, 500_000]) {
      const value = getSqrtRatioAtTick(tick)
      expect(value > previous).toBe(true)
      previous = value
      const expected = Math.sqrt(1.0001 ** tick) * 2 ** 96
      expect(Math.abs(Number(value) - expected) / expected).toBeLessThan(1e-9)
    }
  })

  it('tick 13863 is about a price of 4 (sqrt ~ 2)', () => {
    const ratio = Number(getSqrtRatioAtTick(13_863)) / 2 ** 96
    expect(ratio).toBeCloseTo(2, 3)
  })
})

describe('getTickAtSqrtRatio', () => {
  it.each([
    [MIN_SQRT_RATIO, MIN_TICK],
    [4295343490n, MIN_TICK + 1],
    [Q96, 0],
    [Q96 - 1n, -1],
    [Q96 + 1n, 0],
    [1461373636630004318706518188784493106690254656249n, MAX_TICK - 1],
    [MAX_SQRT_RATIO - 1n, MAX_TICK - 1],
  ])('%s -> tick %i', (sqrtPrice, expected) => {
    expect(getTickAtSqrtRatio(sqrtPrice)).toBe(expected)
  })

  it('rejects prices out of range (boundary pair)', () => {
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow(SwapRevertError)
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(SwapRevertError)
  })

  it('is the greatest tick whose ratio is <= the price: exact ratio -> tick, ratio - 1 -> tick - 1', () => {
    for (const tick of [-887_271, -200_000, -50_001, -60, -1, 1, 59, 12_345, 200_000, 887_271]) {
      const ratio = getSqrtRatioAtTick(tick)
      expect(getTickAtSqrtRatio(ratio)).toBe(tick)
      expect(getTickAtSqrtRatio(ratio - 1n)).toBe(tick - 1)
      expect(getTickAtSqrtRatio(ratio + 1n)).toBe(tick)
    }
  })
})
