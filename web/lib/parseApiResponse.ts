import { type ClientResponse, DetailedError, parseResponse } from 'hono/client'
import { ApiError } from './ApiError'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The API's one error body (`{ statusCode, message, error: { code, details? }, requestId }`) as an `ApiError`. */
export function toApiError(params: { statusCode: number; body: unknown }): ApiError {
  const { statusCode, body } = params
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined
  return new ApiError({
    statusCode,
    code: typeof error?.code === 'string' ? error.code : 'HTTP_ERROR',
    message: isRecord(body) && typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`,
    requestId: isRecord(body) && typeof body.requestId === 'string' ? body.requestId : undefined,
    details: error?.details,
  })
}

/**
 * The body of a typed `hc` call's successful answer, typed from the server's route definition (hono's
 * `parseResponse`). A non-2xx answer throws `ApiError` carrying the stable `error.code` (`HTTP_ERROR` when the
 * body is not the API's error shape), the message and the request id; network failures propagate as they are.
 */
export async function parseApiResponse<T extends ClientResponse<unknown>>(response: T | Promise<T>) {
  try {
    return await parseResponse(response)
  } catch (error: unknown) {
    if (!(error instanceof DetailedError)) throw error
    const detail: unknown = error.detail
    const statusCode: unknown = error.statusCode
    throw toApiError({
      statusCode: typeof statusCode === 'number' ? statusCode : 0,
      body: isRecord(detail) ? detail.data : undefined,
    })
  }
}
