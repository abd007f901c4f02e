import { describe, expect, it } from 'vitest'
import { MAX_TICK, MIN_TICK } from '../uniswapV3/tickMath'
import { nextAlgebraTick } from './nextAlgebraTick'

const ticks = [-600, -60, 0, 60, 1200].map((index) => ({ index, liquidityNet: 1n }))

describe('nextAlgebraTick', () => {
  it.each([
    // going down: the highest initialized tick at or below the tick, else MIN_TICK
    [0, true, 0],
    [-1, true, -60],
    [59, true, 0],
    [-600, true, -600],
    [-601, true, MIN_TICK],
    // going up: the lowest initialized tick above it, else MAX_TICK
    [0, false, 60],
    [-1, false, 0],
    [60, false, 1200],
    [1199, false, 1200],
    [1200, false, MAX_TICK],
  ])('from tick %i (zeroForOne %s) steps to %i, however far (no word edges)', (tick, zeroForOne, next) => {
    expect(nextAlgebraTick(ticks, tick, zeroForOne)).toBe(next)
  })

  it('steps to the ends of the tick list when no tick is initialized', () => {
    expect([nextAlgebraTick([], 5, true), nextAlgebraTick([], 5, false)]).toEqual([MIN_TICK, MAX_TICK])
  })
})
