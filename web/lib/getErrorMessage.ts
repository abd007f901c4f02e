import type { ErrorCode } from '../../server/errors'
import { ApiError } from './api'
import { ClientError, type ClientErrorCode } from './ClientError'

/** Messages for every API error code, typed from the server's list: adding a code there fails to compile here. */
const apiMessages: Record<ErrorCode, string> = {
  INVALID_PARAMS: 'Some of the values entered are not valid.',
  UNSUPPORTED_CHAIN: 'This network is not supported.',
  UNSUPPORTED_TOKEN: 'This token is not supported on this network.',
  SAME_TOKEN: 'Choose two different tokens.',
  BELOW_MINIMUM: 'The amount is below what any route can fill. Enter a larger amount.',
  UNSUPPORTED_DIRECTION:
    'This token takes a fee on transfer, so the amount received cannot be set exactly. Enter the amount to pay instead.',
  INVALID_SIGNATURE: 'The signature is not valid.',
  INVALID_JSON: 'The app sent a request the server could not read. Reload the page and try again.',
  QUOTE_TAMPERED: 'The quote changed on its way back to the server. Refresh it and try again.',
  MEMO_TOO_LONG:
    "The deposit's memo would not fit in this network's transaction: choose a receiver with a shorter address.",
  MEMOLESS_UNAVAILABLE:
    'A deposit without a memo cannot be prepared for this trade here: pay with the memo from a wallet that writes it.',
  UNAUTHORIZED: 'The server refused the request: the API key is missing or not valid.',
  FORBIDDEN: 'The server refused the request: this API key may not do this.',
  NOT_FOUND: 'Not found.',
  TOKEN_NOT_FOUND: 'No token contract at this address on this network.',
  NO_LIQUIDITY: 'This token has no pool with enough liquidity to trade here.',
  TOKEN_TRANSFER_TAXED: 'This token takes a fee on transfer; it cannot be imported.',
  TOO_MANY_IMPORTED_TOKENS: 'No more tokens can be imported on this network for now.',
  NO_ROUTE: 'No route found for this trade.',
  INSUFFICIENT_LIQUIDITY: 'Not enough liquidity for this amount. Try a smaller amount.',
  QUOTE_EXPIRED: 'The quote expired. Refresh it and try again.',
  PRICE_IMPACT_TOO_HIGH: 'The price impact of this trade is too high.',
  ORDER_NOT_CANCELLABLE: 'This order can no longer be cancelled.',
  ORDER_EXISTS: 'This order was already submitted.',
  INVALID_ORDER: 'The order is not valid. Refresh the quote and sign again.',
  ORDER_EXPIRED: 'The order expired. Refresh the quote and sign again.',
  NOT_ORDER_OWNER: 'Only the wallet that signed this order may do this.',
  GASLESS_UNAVAILABLE: 'Gasless trading is not available for this token or network.',
  TOO_MANY_OPEN_ORDERS: 'You have too many open gasless orders; wait for one to end or cancel one.',
  OWNER_SUSPENDED: 'Gasless orders from this address are paused for now.',
  INSUFFICIENT_BALANCE: 'Insufficient balance for this trade.',
  INSUFFICIENT_ALLOWANCE: 'Approve the token for Permit2 first (a one-time approval).',
  PAYLOAD_TOO_LARGE: 'The request is too large for the server.',
  UNSUPPORTED_MEDIA_TYPE: 'The app sent a request the server could not read. Reload the page and try again.',
  RATE_LIMITED: 'Too many requests. Wait a moment and try again.',
  UPSTREAM_REFUSED:
    'The liquidity network answered with addresses the server does not trust, so no deposit was prepared. Try again later.',
  UPSTREAM_UNAVAILABLE: 'A network node or the database is not answering. Try again in a moment.',
  CHAIN_LOADING: 'The server is still loading this network after a restart. Try again in a minute.',
  INTERNAL: 'The server could not complete the request.',
}

/** Messages for the failures the app detects itself. */
const clientMessages: Record<ClientErrorCode, string> = {
  WRONG_NETWORK: 'Your wallet is on another network. Switch network to continue.',
  AGGREGATOR_MISSING:
    'The swap contract is not deployed on the network your wallet uses. Switch network to continue.',
  INSUFFICIENT_FUNDS: 'Insufficient balance for this trade.',
  INSUFFICIENT_GAS: 'Not enough native balance to pay for gas.',
  QUOTE_EXPIRED: 'The quote expired. Refresh it and try again.',
  TX_REVERTED: 'The transaction failed on chain. Nothing was swapped.',
  ESTIMATE_FAILED: 'The transaction would fail. Refresh the quote and try again.',
  INVALID_TRANSACTION: 'The server sent a transaction that cannot be sent. Refresh the quote and try again.',
}

function isApiCode(code: string): code is ErrorCode {
  return Object.hasOwn(apiMessages, code)
}

export interface UserFacingError {
  message: string
  /** True for outcomes the user caused or expects (a rejected wallet request, no route): not a crash. */
  expected: boolean
}

const expectedCodes = new Set([
  'NO_ROUTE',
  'INSUFFICIENT_LIQUIDITY',
  'BELOW_MINIMUM',
  'SAME_TOKEN',
  'UNSUPPORTED_TOKEN',
  'PRICE_IMPACT_TOO_HIGH',
  'QUOTE_EXPIRED',
  'WRONG_NETWORK',
  'AGGREGATOR_MISSING',
  'INSUFFICIENT_FUNDS',
  'INSUFFICIENT_GAS',
  'UNSUPPORTED_DIRECTION',
])

function hasNamedCause(error: unknown, name: string): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if ('name' in current && current.name === name) return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

function getCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'number') return current.code
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

/**
 * Maps any thrown value to the message shown to the user: API errors by their stable code, a wallet's
 * rejection (EIP-1193 code 4001, anywhere in the cause chain) as an expected outcome, everything else as a
 * generic failure that never leaks internal text.
 */
export function getErrorMessage(error: unknown): UserFacingError {
  if (error instanceof ClientError)
    return { message: clientMessages[error.code], expected: expectedCodes.has(error.code) }
  if (error instanceof ApiError) {
    return {
      message: isApiCode(error.code) ? apiMessages[error.code] : apiMessages.INTERNAL,
      expected: expectedCodes.has(error.code),
    }
  }
  const code = getCode(error)
  if (code === 4001 || hasNamedCause(error, 'UserRejectedRequestError'))
    return { message: 'Request rejected in the wallet.', expected: true }
  if (hasNamedCause(error, 'InsufficientFundsError'))
    return { message: clientMessages.INSUFFICIENT_FUNDS, expected: true }
  if (code === 4902) return { message: 'The wallet does not know this network.', expected: true }
  if (error instanceof TypeError)
    return { message: 'Network error. Check the connection and retry.', expected: false }
  return { message: 'Something went wrong. Please retry.', expected: false }
}
