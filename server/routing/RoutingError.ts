/** Codes match `ErrorCode` in server/errors.ts, so the API maps them with `new AppError(e.code, e.message, { cause: e })`. */
export type RoutingErrorCode =
  | 'NO_ROUTE'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'UNSUPPORTED_DIRECTION'
  | 'INVALID_PARAMS'

/**
 * The routing layer's one expected failure type: no path between the tokens, not enough liquidity for
 * the amount, an exact-output trade involving a fee-on-transfer token, or malformed parameters.
 */
export class RoutingError extends Error {
  override name = 'RoutingError' as const
  readonly code: RoutingErrorCode

  constructor(code: RoutingErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.code = code
  }
}
