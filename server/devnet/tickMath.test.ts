import { describe, expect, it } from 'vitest'
import {
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
} from './tickMath'

describe('getSqrtRatioAtTick', () => {
  it.each([
    [0, 79228162514264337593543950336n],
    [1, 79232123823359799118286999568n],
    [-1, 79224201403219477170569942574n],
    [60, 79466191966197645195421774833n],
    [-60, 78990846045029531151608375686n],
    [100, 79625275426524748796330556128n],
    [-196287, 4332859803407423888591028n],
    [MIN_TICK, MIN_SQRT_RATIO],
    [MAX_TICK, MAX_SQRT_RATIO],
  ])('tick %i -> %s', (tick, expected) => {
    expect(getSqrtRatioAtTick(tick)).toBe(expected)
  })

  it('rejects ticks outside the range', () => {
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(RangeError)
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow(RangeError)
  })
})

describe('getTickAtSqrtRatio', () => {
  it.each([0, 1, -1, 60, -196287, 195000, MIN_TICK, MAX_TICK - 1])(
    'is exact at and just below tick %i',
    (tick) => {
      const ratio = getSqrtRatioAtTick(tick)
      expect(getTickAtSqrtRatio(ratio)).toBe(tick)
      if (tick > MIN_TICK) expect(getTickAtSqrtRatio(ratio - 1n)).toBe(tick - 1)
    },
  )

  it('handles the ends of the range', () => {
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK)
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1)
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(RangeError)
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow(RangeError)
  })
})
