import { ApiError } from '../../../lib/ApiError'
import { getErrorMessage, type UserFacingError } from '../../../lib/getErrorMessage'

/** Below this USD value a trade that no route can fill is too small, not too large. */
export const tooSmallUsd = 1

/**
 * The message for a failed quote request. The API answers `INSUFFICIENT_LIQUIDITY` both when an amount is
 * larger than the pools hold and when it is so small that every route outputs nothing (1 wei); the typed
 * amount's USD value (`amountUsd`, from the token's price) tells which, so a dust amount is never told to
 * "try a smaller amount". Without a price the message names both causes.
 */
export function getQuoteErrorMessage(params: {
  error: unknown
  amountUsd: number | undefined
}): UserFacingError {
  const { error, amountUsd } = params
  if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_LIQUIDITY') return getErrorMessage(error)
  if (amountUsd === undefined)
    return {
      message: 'No route can fill this amount: it is either too small or more than the pools hold.',
      expected: true,
    }
  if (amountUsd < tooSmallUsd)
    return { message: 'The amount is below what any route can fill. Enter a larger amount.', expected: true }
  return getErrorMessage(error)
}
