/**
 * Error returned by the API, carrying the stable error code (`UNSUPPORTED_CHAIN`, ...), the request id and the
 * body's `error.details` (unknown shape: read it with checks).
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly statusCode: number
  readonly code: string
  readonly requestId: string | undefined
  readonly details: unknown

  constructor(params: {
    statusCode: number
    code: string
    message: string
    requestId?: string | undefined
    details?: unknown
  }) {
    super(params.message)
    this.statusCode = params.statusCode
    this.code = params.code
    this.requestId = params.requestId
    this.details = params.details
  }
}
