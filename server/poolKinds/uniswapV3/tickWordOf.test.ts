import { describe, expect, it } from 'vitest'
import { makeV3Pool, testAddress } from '../testPools'
import { holdsTickWord, tickWordOf } from './tickWordOf'

describe('tickWordOf', () => {
  it('names the word a swap step searches: the tick’s own going down, the next compressed tick’s going up', () => {
    expect([tickWordOf(0, 1, true), tickWordOf(0, 1, false)]).toEqual([0, 0])
    expect([tickWordOf(255, 1, true), tickWordOf(255, 1, false)]).toEqual([0, 1])
    expect([tickWordOf(-1, 1, true), tickWordOf(-1, 1, false)]).toEqual([-1, 0])
    // spacing 60: compressed floor(-61 / 60) = -2, word -1 either way; 15,359 is the last tick of word 0's range
    expect([tickWordOf(-61, 60, true), tickWordOf(-61, 60, false)]).toEqual([-1, -1])
    expect([tickWordOf(15_359, 60, true), tickWordOf(15_359, 60, false)]).toEqual([0, 1])
  })

  it('knows every word of a pool read in full, and those of one read in part', () => {
    const pool = makeV3Pool({ id: 1, token0: testAddress(1), token1: testAddress(2), tick: 0, positions: [] })
    expect([holdsTickWord(pool, -58), holdsTickWord(pool, 57)]).toEqual([true, true])
    const part = { ...pool, tickWords: { first: -2, last: 1 } }
    expect([-3, -2, 1, 2].map((word) => holdsTickWord(part, word))).toEqual([false, true, true, false])
  })
})
