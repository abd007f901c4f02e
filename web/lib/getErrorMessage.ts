import { ApiError } from './api'
import { ClientError } from './ClientError'

/** The one table of user-facing messages, keyed by API error codes and the app's own `ClientError` codes. */
const apiMessages: Record<string, string> = {
  NO_ROUTE: 'No route found for this trade.',
  SAME_TOKEN: 'Choose two different tokens.',
  UNSUPPORTED_TOKEN: 'This token is not supported on this network.',
  PRICE_IMPACT_TOO_HIGH: 'The price impact of this trade is too high.',
  WRONG_NETWORK: 'Your wallet is on another network. Switch network to continue.',
  AGGREGATOR_MISSING:
    'The swap contract is not deployed on the network your wallet uses. Switch network to continue.',
  INSUFFICIENT_FUNDS: 'Insufficient balance for this trade.',
  INSUFFICIENT_GAS: 'Not enough native balance to pay for gas.',
  TX_REVERTED: 'The transaction failed on chain. Nothing was swapped.',
  ESTIMATE_FAILED: 'The transaction would fail. Refresh the quote and try again.',
  INVALID_TRANSACTION: 'The server sent a transaction that cannot be sent. Refresh the quote and try again.',
  UNSUPPORTED_CHAIN: 'This network is not supported.',
  INVALID_PARAMS: 'Some of the values entered are not valid.',
  QUOTE_EXPIRED: 'The quote expired. Refresh it and try again.',
  INSUFFICIENT_LIQUIDITY: 'Not enough liquidity for this amount. Try a smaller amount.',
  BELOW_MINIMUM: 'The amount is below the minimum.',
  INVALID_SIGNATURE: 'The signature is not valid.',
  RATE_LIMITED: 'Too many requests. Wait a moment and try again.',
  NOT_FOUND: 'Not found.',
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
  if (error instanceof ApiError || error instanceof ClientError) {
    const known = apiMessages[error.code]
    return {
      message: known ?? 'The server could not complete the request.',
      expected: expectedCodes.has(error.code),
    }
  }
  const code = getCode(error)
  if (code === 4001 || hasNamedCause(error, 'UserRejectedRequestError'))
    return { message: 'Request rejected in the wallet.', expected: true }
  if (hasNamedCause(error, 'InsufficientFundsError'))
    return { message: apiMessages.INSUFFICIENT_FUNDS ?? '', expected: true }
  if (code === 4902) return { message: 'The wallet does not know this network.', expected: true }
  if (error instanceof TypeError)
    return { message: 'Network error. Check the connection and retry.', expected: false }
  return { message: 'Something went wrong. Please retry.', expected: false }
}
