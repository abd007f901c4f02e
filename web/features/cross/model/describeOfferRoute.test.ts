import { describe, expect, it } from 'vitest'
import { describeOfferRoute } from './describeOfferRoute'

describe('describeOfferRoute', () => {
  it('names the swap on each side around what crosses', () => {
    expect(
      describeOfferRoute({ via: 'USDC', sourceSwap: true, destinationSwap: true }, 'Ethereum', 'Arbitrum'),
    ).toBe('Swap on Ethereum → USDC across → swap on Arbitrum')
    expect(
      describeOfferRoute({ via: 'ETH', sourceSwap: false, destinationSwap: false }, 'Ethereum', 'Base'),
    ).toBe('ETH across')
    expect(
      describeOfferRoute({ via: 'RUNE', sourceSwap: true, destinationSwap: false }, 'Ethereum', 'Bitcoin'),
    ).toBe('Swap on Ethereum → RUNE across')
    expect(describeOfferRoute(null, 'Ethereum', 'Base')).toBeUndefined()
  })
})
