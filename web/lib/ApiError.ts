/** Error returned by the API, carrying the stable error code (`UNSUPPORTED_CHAIN`, ...) and request id. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly statusCode: number
  readonly code: string
  readonly requestId: string | undefined

  constructor(params: { statusCode: number; code: string; message: string; requestId?: string | undefined }) {
    super(params.message)
    this.statusCode = params.statusCode
    this.code = params.code
    this.requestId = params.requestId
  }
}
