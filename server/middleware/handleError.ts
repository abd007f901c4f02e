import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { AppEnv } from '../appEnv'
import { AppError, type ErrorCode } from '../errors'
import type { Logger } from '../logger'
import { isDatabaseUnavailable } from '../store/isDatabaseUnavailable'
import { buildValidationError } from './validationHook'

/** Body of every error response; `message` is always present (clients test `data.error || data.message`). */
export interface ErrorBody {
  statusCode: number
  message: string
  error: { code: ErrorCode; details?: unknown }
  requestId: string
}

const httpExceptionCodes: Partial<Record<number, ErrorCode>> = {
  400: 'INVALID_PARAMS',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

/**
 * Normalises anything thrown while handling a request into an `AppError`: `AppError` as is, zod errors
 * as `INVALID_PARAMS`, Hono's malformed-JSON exception as `INVALID_JSON`, other 4xx `HTTPException`s by
 * status, a database that cannot be reached as `UPSTREAM_UNAVAILABLE` (503). Returns `undefined` for
 * everything else (an internal error).
 */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error
  if (error instanceof z.core.$ZodError) return buildValidationError('input', error.issues)
  if (error instanceof HTTPException) {
    if (error.status === 400 && /malformed json/i.test(error.message)) {
      return new AppError('INVALID_JSON', 'Malformed JSON in request body', { cause: error })
    }
    const code = httpExceptionCodes[error.status]
    if (code !== undefined) return new AppError(code, error.message || code, { cause: error })
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('UPSTREAM_UNAVAILABLE', 'The database is unavailable; try again shortly', {
      cause: error,
    })
  }
  return undefined
}

/**
 * Builds the application's `onError` handler, the only place that turns errors into responses:
 * known errors (see `toAppError`) become `{ statusCode, message, error: { code, details? }, requestId }`
 * with their status; anything else becomes a 500 `INTERNAL` whose message is generic and whose cause is
 * logged with the request id.
 */
export function handleError(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const requestId = c.get('requestId') ?? 'unknown'
    const { status, body } = describeError(error, requestId, logger, {
      method: c.req.method,
      path: c.req.path,
    })
    return c.json(body, status)
  }
}

/**
 * The status and body of `error` as `onError` answers it (logging internal errors and 5xx with the request id):
 * also what an event stream sends as its `error` event once its 200 has been written.
 */
export function describeError(
  error: unknown,
  requestId: string,
  logger: Logger,
  request: { method: string; path: string },
): { status: ContentfulStatusCode; body: ErrorBody } {
  const appError = toAppError(error)
  if (appError === undefined) {
    logger.error('unhandled error', { requestId, ...request, err: error })
    return { status: 500, body: errorBody(500, 'INTERNAL', 'Internal server error', undefined, requestId) }
  }
  if (appError.status >= 500) {
    logger.error('request failed', { requestId, path: request.path, code: appError.code, err: appError })
  }
  const body = errorBody(appError.status, appError.code, appError.message, appError.details, requestId)
  return { status: appError.status, body }
}

function errorBody(
  statusCode: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details: unknown,
  requestId: string,
): ErrorBody {
  return details === undefined
    ? { statusCode, message, error: { code }, requestId }
    : { statusCode, message, error: { code, details }, requestId }
}
