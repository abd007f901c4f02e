import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'
import type { ClientLimiter } from '../rateLimit/rateLimit'
import type { Store } from '../store/createStore'
import { getApiKeyVerifier } from './createApiKeyVerifier'
import { readApiKeyHeader } from './readApiKeyHeader'

export type ApiKeyAuthParams = {
  store: Store
  /** When true, a request without a key is rejected; a wrong key is rejected either way. */
  required: boolean
  /**
   * The per-IP budget that requests with invalid keys count against: each one costs a hit, and a
   * client over its budget is refused with 429 before an uncached key is looked up.
   */
  limiter?: ClientLimiter
}

/**
 * Hono middleware: reads the API key from `Authorization: Bearer`, `x-api-key` or `x-api-key: Bearer`,
 * and on a valid key sets `c.var.auth`. Throws `AppError('UNAUTHORIZED')` (401) for a malformed,
 * unknown or revoked key (after charging `limiter`, which throws `RATE_LIMITED` 429 instead when the
 * client is over its budget), and for a missing key when `required`. Lookups, found or not, are cached
 * per store for a few seconds (see `createApiKeyVerifier`), so revocation takes effect within that time.
 */
export function apiKeyAuth({ store, required, limiter }: ApiKeyAuthParams): MiddlewareHandler<AppEnv> {
  const verifier = getApiKeyVerifier(store)
  return async (c, next) => {
    const key = readApiKeyHeader(c.req.raw.headers)
    if (key === undefined) {
      if (required && c.var.auth === undefined) {
        throw new AppError('UNAUTHORIZED', 'An API key is required: send Authorization: Bearer <key>')
      }
      await next()
      return
    }
    const cached = verifier.peek(key)
    if (cached === undefined && limiter?.isClientBlocked(c) === true) await limiter.chargeClient(c)
    const auth = cached === undefined ? await verifier.verify(key) : cached.auth
    if (auth === undefined) {
      await limiter?.chargeClient(c)
      throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key')
    }
    c.set('auth', auth)
    await next()
  }
}
