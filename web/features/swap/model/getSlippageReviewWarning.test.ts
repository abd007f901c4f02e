import { describe, expect, it } from 'vitest'
import { getSlippageReviewWarning } from './getSlippageReviewWarning'

describe('getSlippageReviewWarning', () => {
  it('warns of a high custom slippage', () => {
    expect(getSlippageReviewWarning({ autoSlippage: false, percent: 8 })).toBe(
      'Slippage is set to 8%: you may receive up to 8% less than quoted, and the trade may be frontrun.',
    )
  })
  it('warns of a very low custom slippage', () => {
    expect(getSlippageReviewWarning({ autoSlippage: false, percent: 0.01 })).toBe(
      'Slippage is set to 0.01%: the transaction may fail if the price moves at all.',
    )
  })
  it('says nothing for an ordinary or auto slippage', () => {
    expect(getSlippageReviewWarning({ autoSlippage: false, percent: 1 })).toBeUndefined()
    expect(getSlippageReviewWarning({ autoSlippage: true, percent: 8 })).toBeUndefined()
  })
})
