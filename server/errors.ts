import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Stable, documented error codes. Clients may switch on these; never rename one. */
export const errorCodes = {
  INVALID_PARAMS: 400,
  UNSUPPORTED_CHAIN: 400,
  UNSUPPORTED_TOKEN: 400,
  SAME_TOKEN: 400,
  BELOW_MINIMUM: 400,
  UNSUPPORTED_DIRECTION: 400,
  INVALID_SIGNATURE: 400,
  INVALID_JSON: 400,
  /** A posted cross-chain quote whose data is not what the server issued (or issued to another key). */
  QUOTE_TAMPERED: 400,
  /** A liquidity-network memo longer than the source chain carries (80 bytes in a UTXO chain's OP_RETURN). */
  MEMO_TOO_LONG: 400,
  /**
   * A deposit without a memo asked where none can be registered: a source that is not a UTXO chain, a server
   * without a memo registrar, or a network that serves no memoless deposits.
   */
  MEMOLESS_UNAVAILABLE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** An address imported as a token that is not an ERC-20 (no contract, or no decimals/symbol it answers). */
  TOKEN_NOT_FOUND: 404,
  /** A token imported by address with no pool against a hub token deep enough to adopt it (see `adoptToken`). */
  NO_LIQUIDITY: 404,
  /** A token imported by address whose transfer out of its pool does not deliver exactly what was sent. */
  TOKEN_TRANSFER_TAXED: 422,
  /** A chain already follows as many imported tokens as the server allows (`MAX_ADOPTED_TOKENS_PER_CHAIN`). */
  TOO_MANY_IMPORTED_TOKENS: 429,
  NO_ROUTE: 422,
  INSUFFICIENT_LIQUIDITY: 422,
  QUOTE_EXPIRED: 422,
  PRICE_IMPACT_TOO_HIGH: 422,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_EXISTS: 409,
  INVALID_ORDER: 400,
  ORDER_EXPIRED: 400,
  NOT_ORDER_OWNER: 403,
  GASLESS_UNAVAILABLE: 400,
  TOO_MANY_OPEN_ORDERS: 429,
  OWNER_SUSPENDED: 403,
  INSUFFICIENT_BALANCE: 422,
  INSUFFICIENT_ALLOWANCE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /**
   * An upstream answered something the server will not act on: a THORNode naming a router other than the one the
   * configuration pins, or two sources disagreeing on the liquidity network's vault (a node spoofed or out of step).
   */
  UPSTREAM_REFUSED: 502,
  UPSTREAM_UNAVAILABLE: 503,
  /**
   * A chain whose pools the server is still loading (the first snapshot after a start; minutes on a large chain
   * without a kept one): its quotes, swaps and prices answer this until they are loaded. `details.pools` says
   * how far (as `GET /health` does).
   */
  CHAIN_LOADING: 503,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof errorCodes

/**
 * Messages that clients of the compatible API match literally (one treats them as "this pair is not supported
 * here, try another provider"); use them, with the stable `error.code` beside, for exactly these cases.
 */
export const compatibleMessages = {
  /** The amount is below a minimum, or so small (dust) that no route yields any output. */
  insufficientAmount: 'Insufficient amount',
  /** No cross-chain provider serves the pair (or none is mounted). */
  noCrossChainProvider: 'No cross chain provider available for this trade',
} as const

/**
 * The one error type the server throws on purpose. `app.onError` maps it to
 * `{ statusCode, message, error: { code, details }, requestId }`; anything else becomes a 500
 * whose message is never echoed.
 */
export class AppError extends Error {
  override name = 'AppError' as const
  readonly code: ErrorCode
  readonly status: ContentfulStatusCode
  readonly details: unknown

  constructor(code: ErrorCode, message: string, options: { details?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.code = code
    this.status = errorCodes[code]
    this.details = options.details
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
