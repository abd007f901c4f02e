import { ApiError } from '../../../lib/ApiError'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'

/** How a failed `quote/cross` reads in the card: a headline and, when the server gave them, its reasons. */
export interface CrossQuoteErrorView {
  message: string
  reasons: string[]
  /** The card's field the error is about (the API's `details.param`), to mark it invalid. */
  field?: 'receiver' | 'amount'
}

/** What the card knows to word a field's error: the destination's name and the token the typed amount is in. */
export interface CrossQuoteErrorContext {
  destinationName: string
  amountToken: { symbol: string; decimals: number }
  /** BCP 47 locale of the amounts; the runtime default when undefined. */
  locale?: string | undefined
}

const detailsOf = (error: ApiError): Record<string, unknown> =>
  typeof error.details === 'object' && error.details !== null ? { ...error.details } : {}

/**
 * The API's own words for a field it refused, with the card's name for the field: `INVALID_PARAMS` naming the
 * receiver ("receiver is not a valid Bitcoin address"), `MEMO_TOO_LONG` (the receiver makes a UTXO deposit's memo
 * longer than its OP_RETURN holds), or `BELOW_MINIMUM` with its `minimumUsd` and
 * `minimumAmount` (base units of the typed amount's token, shown rounded up so that it is enough).
 */
function describeFieldError(
  error: ApiError,
  context: CrossQuoteErrorContext,
): CrossQuoteErrorView | undefined {
  const details = detailsOf(error)
  if (error.code === 'INVALID_PARAMS' && details.param === 'receiver') {
    const why = error.message.startsWith('receiver ') ? error.message.slice('receiver '.length) : undefined
    return {
      message:
        why === undefined
          ? `The receiver on ${context.destinationName} is not valid: ${error.message}.`
          : `The receiver on ${context.destinationName} ${why.replace(/\.$/, '')}.`,
      reasons: [],
      field: 'receiver',
    }
  }
  const { bytes, maxBytes } = details
  if (error.code === 'MEMO_TOO_LONG' && typeof bytes === 'number' && typeof maxBytes === 'number')
    return {
      message: `The receiver's address on ${context.destinationName} makes the deposit's memo ${bytes} bytes; the source chain carries at most ${maxBytes} (one OP_RETURN): use a shorter address.`,
      reasons: [],
      field: 'receiver',
    }
  const { minimumUsd, minimumAmount } = details
  if (
    error.code === 'BELOW_MINIMUM' &&
    typeof minimumUsd === 'number' &&
    typeof minimumAmount === 'string' &&
    /^\d+$/.test(minimumAmount)
  ) {
    const amount = formatTokenAmount({
      amount: BigInt(minimumAmount),
      decimals: context.amountToken.decimals,
      roundingMode: 'ceil',
      locale: context.locale,
    })
    return {
      message: `Cross-chain trades start at $${minimumUsd}: enter at least ${amount} ${context.amountToken.symbol}.`,
      reasons: [],
      field: 'amount',
    }
  }
  return undefined
}

const reasonsOf = (error: ApiError): string[] => {
  const details = error.details
  if (typeof details !== 'object' || details === null || !('reasons' in details)) return []
  const { reasons } = details
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : []
}

/**
 * The card's words for a failed quote. A refused field (the receiver's format, an amount under the minimum) is
 * named with the API's reason (`describeFieldError`; needs `context`). With an exact output asked, a 422 `NO_ROUTE` means no provider can pay
 * exactly the typed amount: the headline says so and the answer's reasons say why (e.g. no provider guarantees an
 * exact output between these chains), or, without reasons, to enter the amount to pay instead. Any other failure
 * reads as `getErrorMessage` says, with the reasons of a `NO_ROUTE`. Pure.
 */
export function describeCrossQuoteError(
  error: unknown,
  exactOut: boolean,
  context?: CrossQuoteErrorContext,
): CrossQuoteErrorView {
  const fieldError =
    error instanceof ApiError && context !== undefined ? describeFieldError(error, context) : undefined
  if (fieldError !== undefined) return fieldError
  const reasons = error instanceof ApiError && error.code === 'NO_ROUTE' ? reasonsOf(error) : []
  if (exactOut && error instanceof ApiError && error.code === 'NO_ROUTE')
    return {
      message: 'No offer can guarantee exactly this amount on the destination.',
      reasons: reasons.length > 0 ? reasons : ['Enter the amount to pay instead.'],
    }
  return { message: getErrorMessage(error).message, reasons }
}
