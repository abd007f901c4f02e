import { describe, expect, it } from 'vitest'
import { describeOfferCost } from './describeOfferCost'

const eth = { symbol: 'ETH', decimals: 18 }

describe('describeOfferCost', () => {
  it('adds the fee to a native input, names it beside a token input', () => {
    const offer = { tradeParams: { amount: '1000000000000000000' }, nativeFee: '2100000000000000' }
    const native = { address: '0x0000000000000000000000000000000000000000', ...eth }
    expect(describeOfferCost({ offer, from: native, native: eth })).toBe('1.0021 ETH')
    const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 }
    expect(
      describeOfferCost({
        offer: { tradeParams: { amount: '2500000000' }, nativeFee: '0' },
        from: usdc,
        native: eth,
      }),
    ).toBe('2,500 USDC')
  })
})
