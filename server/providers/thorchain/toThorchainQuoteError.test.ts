import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { ThornodeRefusal } from './createThornodeClient'
import { toThorchainQuoteError } from './toThorchainQuoteError'

const asAppError = (error: unknown) => {
  if (!(error instanceof AppError)) throw new Error('expected an AppError')
  return { code: error.code, message: error.message, details: error.details }
}

describe('toThorchainQuoteError', () => {
  it('a refusal over the amount is BELOW_MINIMUM with THORNode reason', () => {
    for (const reason of ['amount less than dust threshold', 'not enough fee', 'Dust'])
      expect(asAppError(toThorchainQuoteError(new ThornodeRefusal(reason, 400)))).toEqual({
        code: 'BELOW_MINIMUM',
        message: 'Insufficient amount',
        details: { provider: 'thorchain', reason },
      })
  })

  it('another refusal is NO_ROUTE, anything else is returned as it came', () => {
    expect(asAppError(toThorchainQuoteError(new ThornodeRefusal('trading is halted', 400)))).toEqual({
      code: 'NO_ROUTE',
      message: 'The liquidity network refused the trade: trading is halted',
      details: { provider: 'thorchain', reason: 'trading is halted' },
    })
    const outage = new Error('THORNode does not answer')
    expect(toThorchainQuoteError(outage)).toBe(outage)
  })
})
