import { describe, expect, it } from 'vitest'
import { getCrossReviewAmounts } from './getCrossReviewAmounts'

describe('getCrossReviewAmounts', () => {
  it('states the cost on the source and, rounded down, the output on the destination, with USD', () => {
    expect(
      getCrossReviewAmounts({
        offer: {
          tradeParams: { amount: '25010000' },
          nativeFee: '2100000000000000',
          dstTrade: { toTokenAmount: '24999999' },
          fromAmountUsd: 25.01,
          toAmountUsd: null,
        },
        from: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 },
        to: { symbol: 'USDC', decimals: 6 },
        native: { symbol: 'ETH', decimals: 18 },
        sourceName: 'Ethereum',
        destinationName: 'Arbitrum One',
      }),
    ).toEqual([
      { term: 'You pay on Ethereum', text: '25.01 USDC + 0.0021 ETH', usd: '$25.01' },
      { term: 'You receive on Arbitrum One', text: '≈ 24.999999 USDC', usd: undefined },
    ])
  })
})
