import { describe, expect, it } from 'vitest'
import { rankStreamedOffers } from './rankStreamedOffers'

const offer = (name: string, toTokenAmount: string) => ({ name, dstTrade: { toTokenAmount } })

describe('rankStreamedOffers', () => {
  const arrived = [offer('a', '990'), offer('b', '995'), offer('c', '990')]

  it('while streaming: most output first, ties in arrival order', () => {
    expect(rankStreamedOffers(arrived).map((o) => o.name)).toEqual(['b', 'a', 'c'])
  })

  it('once ended: the stream’s ranking, offers it does not name after', () => {
    expect(rankStreamedOffers(arrived, [2, 0]).map((o) => o.name)).toEqual(['c', 'a', 'b'])
    expect(rankStreamedOffers(arrived, [1, 0, 2, 7]).map((o) => o.name)).toEqual(['b', 'a', 'c'])
  })
})
