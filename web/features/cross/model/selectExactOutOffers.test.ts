import { describe, expect, it } from 'vitest'
import { selectExactOutOffers } from './selectExactOutOffers'

const offer = (name: string, out: string) => ({ name, dstTrade: { toTokenAmount: out } })

describe('selectExactOutOffers', () => {
  it('keeps, in order, only the offers paying exactly the typed amount', () => {
    const offers = [offer('a', '1000000'), offer('b', '999999'), offer('c', '1000000'), offer('d', '1000001')]
    expect(selectExactOutOffers(offers, 1_000_000n).map((o) => o.name)).toEqual(['a', 'c'])
  })

  it('leaves nothing when no offer pays the amount exactly', () => {
    expect(selectExactOutOffers([offer('a', '5')], 6n)).toEqual([])
  })
})
