import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/ApiError'
import { estimateUsdValue } from './estimateUsdValue'
import { getQuoteErrorMessage } from './getQuoteErrorMessage'

const liquidity = new ApiError({ statusCode: 422, code: 'INSUFFICIENT_LIQUIDITY', message: 'x' })

describe('getQuoteErrorMessage', () => {
  it('says a dust amount is below what any route can fill', () => {
    const amountUsd = estimateUsdValue({ amount: 1n, decimals: 18, priceInUsd: 2991 })
    expect(getQuoteErrorMessage({ error: liquidity, amountUsd })).toEqual({
      message: 'The amount is below what any route can fill. Enter a larger amount.',
      expected: true,
    })
  })
  it('says a large amount lacks liquidity', () => {
    expect(getQuoteErrorMessage({ error: liquidity, amountUsd: 5_000_000 })).toEqual({
      message: 'Not enough liquidity for this amount. Try a smaller amount.',
      expected: true,
    })
  })
  it('names both causes without a price', () => {
    expect(getQuoteErrorMessage({ error: liquidity, amountUsd: undefined }).message).toBe(
      'No route can fill this amount: it is either too small or more than the pools hold.',
    )
  })
  it('passes other errors to getErrorMessage', () => {
    const error = new ApiError({ statusCode: 400, code: 'UNSUPPORTED_DIRECTION', message: 'x' })
    expect(getQuoteErrorMessage({ error, amountUsd: 0 })).toEqual({
      message:
        'This token takes a fee on transfer, so the amount received cannot be set exactly. Enter the amount to pay instead.',
      expected: true,
    })
  })
})

describe('estimateUsdValue', () => {
  it('values base units at the token price', () => {
    expect(estimateUsdValue({ amount: 2_500_000n, decimals: 6, priceInUsd: 2 })).toBe(5)
  })
  it('is undefined without a price', () => {
    expect(estimateUsdValue({ amount: 1n, decimals: 6, priceInUsd: null })).toBeUndefined()
    expect(estimateUsdValue({ amount: 1n, decimals: 6, priceInUsd: 0 })).toBeUndefined()
  })
})
