import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { pairsOfToken } from './pairsOfToken'

const low = getAddress('0x1000000000000000000000000000000000000001')
const mid = getAddress('0x5000000000000000000000000000000000000005')
const high = getAddress('0xa00000000000000000000000000000000000000a')

describe('pairsOfToken', () => {
  it('orders each pair by address and leaves out the token itself and repeats (any letter case)', () => {
    expect(pairsOfToken(mid, [low, high, mid, high.toLowerCase() as `0x${string}`])).toEqual([
      { hub: low, token0: low, token1: mid },
      { hub: high, token0: mid, token1: high },
    ])
  })
  it('answers no pair without hubs', () => {
    expect(pairsOfToken(mid, [])).toEqual([])
  })
})
