import { describe, expect, it } from 'vitest'
import { describeOfferTime, labelOffers } from './labelOffers'

describe('labelOffers', () => {
  it('marks the first (best net output) cheapest and the quickest fastest', () => {
    expect(labelOffers([{ processingTime: 60 }, { processingTime: 14 }, { processingTime: 60 }])).toEqual([
      ['cheapest'],
      ['fastest'],
      [],
    ])
  })

  it('gives both labels to one offer that is cheapest and fastest, the first on a tie', () => {
    expect(labelOffers([{ processingTime: 14 }, { processingTime: 14 }])).toEqual([
      ['cheapest', 'fastest'],
      [],
    ])
  })

  it('labels nothing when there is nothing to compare', () => {
    expect(labelOffers([{ processingTime: 14 }])).toEqual([[]])
    expect(labelOffers([])).toEqual([])
  })
})

describe('describeOfferTime', () => {
  it('says seconds under a minute, minutes above', () => {
    expect([
      describeOfferTime(14),
      describeOfferTime(0),
      describeOfferTime(60),
      describeOfferTime(150),
    ]).toEqual(['about 14 s', 'about 1 s', 'about 1 min', 'about 3 min'])
  })
})
