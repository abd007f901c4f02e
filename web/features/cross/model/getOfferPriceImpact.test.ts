import { describe, expect, it } from 'vitest'
import { getOfferPriceImpact } from './getOfferPriceImpact'

describe('getOfferPriceImpact', () => {
  it.each([
    { offer: { priceImpact: 0.025 }, expected: 2.5 },
    { offer: { priceImpact: 0 }, expected: 0 },
    { offer: { priceImpact: null }, expected: undefined },
    { offer: undefined, expected: undefined },
  ])('$offer -> $expected', ({ offer, expected }) => {
    expect(getOfferPriceImpact(offer)).toBe(expected)
  })
})
