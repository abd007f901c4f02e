import { AppError, compatibleMessages } from '../../errors'
import { ThornodeRefusal } from './createThornodeClient'

/**
 * What a failed THORNode swap quote answers: a refusal over the amount (`amount`, `fee`, `dust` in its message)
 * is AppError BELOW_MINIMUM, any other refusal NO_ROUTE with THORNode's reason; anything else (an outage) is
 * returned as it came. Pure.
 */
export function toThorchainQuoteError(error: unknown): unknown {
  if (error instanceof ThornodeRefusal && /amount|fee|dust/i.test(error.message))
    return new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
      details: { provider: 'thorchain', reason: error.message },
    })
  if (error instanceof ThornodeRefusal)
    return new AppError('NO_ROUTE', `The liquidity network refused the trade: ${error.message}`, {
      details: { provider: 'thorchain', reason: error.message },
    })
  return error
}
