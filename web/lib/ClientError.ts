/** Stable codes of failures the web app detects itself (not from the API). */
export type ClientErrorCode =
  | 'WRONG_NETWORK'
  | 'AGGREGATOR_MISSING'
  | 'INSUFFICIENT_FUNDS'
  | 'INSUFFICIENT_GAS'
  | 'QUOTE_EXPIRED'
  | 'TX_REVERTED'
  | 'ESTIMATE_FAILED'
  | 'INVALID_TRANSACTION'

/** An error the app raises in its own flows, carrying a stable `code` that `getErrorMessage` maps to text. */
export class ClientError extends Error {
  override name = 'ClientError'
  readonly code: ClientErrorCode

  constructor(code: ClientErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
