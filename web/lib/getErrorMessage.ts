import { ApiError } from './api'

const apiMessages: Record<string, string> = {
  NO_ROUTE: 'No route found for this trade.',
  UNSUPPORTED_CHAIN: 'This network is not supported.',
  INVALID_PARAMS: 'Some of the values entered are not valid.',
  QUOTE_EXPIRED: 'The quote expired. Refresh it and try again.',
  INSUFFICIENT_LIQUIDITY: 'There is not enough liquidity for this amount.',
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
  if (error instanceof ApiError) {
    const known = apiMessages[error.code]
    return {
      message: known ?? 'The server could not complete the request.',
      expected:
        error.code === 'NO_ROUTE' ||
        error.code === 'INSUFFICIENT_LIQUIDITY' ||
        error.code === 'BELOW_MINIMUM',
    }
  }
  const code = getCode(error)
  if (code === 4001) return { message: 'Request rejected in the wallet.', expected: true }
  if (code === 4902) return { message: 'The wallet does not know this network.', expected: true }
  if (error instanceof TypeError)
    return { message: 'Network error. Check the connection and retry.', expected: false }
  return { message: 'Something went wrong. Please retry.', expected: false }
}
