import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/ApiError'
import { describeCrossQuoteError } from './describeCrossQuoteError'

const noRoute = (details?: unknown) =>
  new ApiError({
    statusCode: 422,
    code: 'NO_ROUTE',
    message: 'No cross chain provider available for this trade',
    details,
  })

const why = 'No provider guarantees an exact output between these chains: quote the exact input instead'

describe('describeCrossQuoteError', () => {
  it("exact output refused: says no offer can guarantee the amount, and the 422's reasons why", () => {
    expect(describeCrossQuoteError(noRoute({ sourceChainId: 1, reasons: [why] }), true)).toEqual({
      message: 'No offer can guarantee exactly this amount on the destination.',
      reasons: [why],
    })
  })

  it('exact output refused without reasons: asks for the amount to pay instead', () => {
    expect(describeCrossQuoteError(noRoute({ reasons: [3] }), true)).toEqual({
      message: 'No offer can guarantee exactly this amount on the destination.',
      reasons: ['Enter the amount to pay instead.'],
    })
  })

  it('exact input: the usual message, with the reasons of a NO_ROUTE', () => {
    expect(describeCrossQuoteError(noRoute({ reasons: ['No provider serves this pair'] }), false)).toEqual({
      message: 'No route found for this trade.',
      reasons: ['No provider serves this pair'],
    })
    const below = new ApiError({
      statusCode: 400,
      code: 'BELOW_MINIMUM',
      message: 'x',
      details: { reasons: ['y'] },
    })
    expect(describeCrossQuoteError(below, true)).toEqual({
      message: 'The amount is below what any route can fill. Enter a larger amount.',
      reasons: [],
    })
  })
})

describe('describeCrossQuoteError: the field to fix, in the API words', () => {
  const context = {
    destinationName: 'Bitcoin',
    amountToken: { symbol: 'ETH', decimals: 18 },
    locale: 'en-US',
  }

  it("a memo too long for the source's OP_RETURN marks the receiver, with its byte count", () => {
    const tooLong = new ApiError({
      statusCode: 400,
      code: 'MEMO_TOO_LONG',
      message: 'x',
      details: { provider: 'thorchain', param: 'receiver', bytes: 81, maxBytes: 80, chainId: -33463083 },
    })
    expect(describeCrossQuoteError(tooLong, false, context)).toEqual({
      message:
        "The receiver's address on Bitcoin makes the deposit's memo 81 bytes; the source chain carries at most 80 (one OP_RETURN): use a shorter address.",
      reasons: [],
      field: 'receiver',
    })
  })

  it('a receiver the API refuses is named with its reason', () => {
    const invalid = new ApiError({
      statusCode: 400,
      code: 'INVALID_PARAMS',
      message: 'receiver is not a valid Bitcoin address',
      details: { param: 'receiver', chainId: -3980891822 },
    })
    expect(describeCrossQuoteError(invalid, false, context)).toEqual({
      message: 'The receiver on Bitcoin is not a valid Bitcoin address.',
      reasons: [],
      field: 'receiver',
    })
  })

  it('another invalid parameter keeps the general message', () => {
    const invalid = new ApiError({
      statusCode: 400,
      code: 'INVALID_PARAMS',
      message: 'feeReceiver is required when feePercentage is above 0',
      details: { param: 'feeReceiver' },
    })
    expect(describeCrossQuoteError(invalid, false, context)).toEqual({
      message: 'Some of the values entered are not valid.',
      reasons: [],
    })
  })

  it('an amount under the minimum says it in dollars and in the token, rounded up to 6 digits', () => {
    const below = (minimumAmount: string) =>
      new ApiError({
        statusCode: 400,
        code: 'BELOW_MINIMUM',
        message: 'Insufficient amount',
        details: { param: 'amount', minimumUsd: 10, minimumAmount },
      })
    expect(describeCrossQuoteError(below('3333448320807443'), false, context)).toEqual({
      message: 'Cross-chain trades start at $10: enter at least 0.003334 ETH.',
      reasons: [],
      field: 'amount',
    })
    // exactly 6 digits stays as is; one wei more rounds up
    expect(describeCrossQuoteError(below('3334000000000000'), false, context).message).toBe(
      'Cross-chain trades start at $10: enter at least 0.003334 ETH.',
    )
    expect(describeCrossQuoteError(below('3334000000000001'), false, context).message).toBe(
      'Cross-chain trades start at $10: enter at least 0.003335 ETH.',
    )
  })

  it('a minimum without its figures keeps the general message', () => {
    const below = new ApiError({ statusCode: 400, code: 'BELOW_MINIMUM', message: 'x', details: {} })
    expect(describeCrossQuoteError(below, false, context).message).toBe(
      'The amount is below what any route can fill. Enter a larger amount.',
    )
  })
})
