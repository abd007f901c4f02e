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
