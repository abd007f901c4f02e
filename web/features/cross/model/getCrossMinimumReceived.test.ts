import { describe, expect, it } from 'vitest'
import { getCrossMinimumReceived } from './getCrossMinimumReceived'

describe('getCrossMinimumReceived', () => {
  it('reads the provider’s minQuote', () => {
    expect(
      getCrossMinimumReceived({
        dstTrade: { toTokenAmount: '300' },
        transactionData: { params: { minQuote: '297' } },
      }),
    ).toBe(297n)
  })

  it('falls back to the quoted output without a usable minQuote', () => {
    expect(getCrossMinimumReceived({ dstTrade: { toTokenAmount: '300' }, transactionData: {} })).toBe(300n)
    expect(
      getCrossMinimumReceived({
        dstTrade: { toTokenAmount: '300' },
        transactionData: { params: { minQuote: 1 } },
      }),
    ).toBe(300n)
  })
})
