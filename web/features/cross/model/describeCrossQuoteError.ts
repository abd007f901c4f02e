import { ApiError } from '../../../lib/ApiError'
import { getErrorMessage } from '../../../lib/getErrorMessage'

/** How a failed `quote/cross` reads in the card: a headline and, when the server gave them, its reasons. */
export interface CrossQuoteErrorView {
  message: string
  reasons: string[]
}

const reasonsOf = (error: ApiError): string[] => {
  const details = error.details
  if (typeof details !== 'object' || details === null || !('reasons' in details)) return []
  const { reasons } = details
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : []
}

/**
 * The card's words for a failed quote. With an exact output asked, a 422 `NO_ROUTE` means no provider can pay
 * exactly the typed amount: the headline says so and the answer's reasons say why (e.g. no provider guarantees an
 * exact output between these chains), or, without reasons, to enter the amount to pay instead. Any other failure
 * reads as `getErrorMessage` says, with the reasons of a `NO_ROUTE`. Pure.
 */
export function describeCrossQuoteError(error: unknown, exactOut: boolean): CrossQuoteErrorView {
  const reasons = error instanceof ApiError && error.code === 'NO_ROUTE' ? reasonsOf(error) : []
  if (exactOut && error instanceof ApiError && error.code === 'NO_ROUTE')
    return {
      message: 'No offer can guarantee exactly this amount on the destination.',
      reasons: reasons.length > 0 ? reasons : ['Enter the amount to pay instead.'],
    }
  return { message: getErrorMessage(error).message, reasons }
}
