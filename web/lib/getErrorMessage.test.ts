import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { errorCodes } from '../../server/errors'
import { ApiError } from './api'
import { ClientError } from './ClientError'
import { getErrorMessage } from './getErrorMessage'

describe('getErrorMessage', () => {
  it('maps API codes to messages', () => {
    const error = new ApiError({ statusCode: 400, code: 'NO_ROUTE', message: 'internal text' })
    expect(getErrorMessage(error)).toEqual({ message: 'No route found for this trade.', expected: true })
  })

  it('never shows an unknown API error message', () => {
    const error = new ApiError({ statusCode: 500, code: 'INTERNAL', message: 'db down at 10.0.0.1' })
    expect(getErrorMessage(error)).toEqual({
      message: 'The server could not complete the request.',
      expected: false,
    })
  })

  it('treats a wallet rejection deep in the cause chain as expected', () => {
    const error = new Error('outer', { cause: new UserRejectedRequestError(new Error('no')) })
    expect(getErrorMessage(error)).toEqual({ message: 'Request rejected in the wallet.', expected: true })
  })

  it('falls back to a generic message', () => {
    expect(getErrorMessage('boom')).toEqual({
      message: 'Something went wrong. Please retry.',
      expected: false,
    })
  })
})

describe('getErrorMessage for the swap flow', () => {
  it('maps client error codes and viem insufficient funds', () => {
    expect(getErrorMessage(new ClientError('WRONG_NETWORK', 'chain 10'))).toEqual({
      message: 'Your wallet is on another network. Switch network to continue.',
      expected: true,
    })
    expect(getErrorMessage(new ClientError('TX_REVERTED', 'reverted'))).toEqual({
      message: 'The transaction failed on chain. Nothing was swapped.',
      expected: false,
    })
    const viemLike = Object.assign(new Error('outer'), {
      cause: Object.assign(new Error('inner'), { name: 'InsufficientFundsError' }),
    })
    expect(getErrorMessage(viemLike)).toEqual({
      message: 'Insufficient balance for this trade.',
      expected: true,
    })
  })
  it('maps the quote error codes', () => {
    const error = new ApiError({ statusCode: 422, code: 'INSUFFICIENT_LIQUIDITY', message: 'x' })
    expect(getErrorMessage(error)).toEqual({
      message: 'Not enough liquidity for this amount. Try a smaller amount.',
      expected: true,
    })
  })
})

describe('getErrorMessage covers every API error code', () => {
  it.each(Object.keys(errorCodes))('%s has its own message', (code) => {
    const { message } = getErrorMessage(new ApiError({ statusCode: 400, code, message: 'internal' }))
    expect(message === 'The server could not complete the request.').toBe(code === 'INTERNAL')
  })
})
