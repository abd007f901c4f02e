import { describe, expect, it } from 'vitest'
import { describeOfferFee } from './describeOfferFee'

describe('describeOfferFee', () => {
  it('says the fee is in the amount when none is paid beside it', () => {
    expect(describeOfferFee('0', 'ETH')).toBe('in the amount')
  })

  it('names the native fee in the source coin', () => {
    expect(describeOfferFee('1500000000000000', 'ETH')).toBe('0.0015 ETH')
  })
})
