import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'
import type { Store } from '../store/createStore'
import { getApiKeyVerifier } from './createApiKeyVerifier'
import { readApiKeyHeader } from './readApiKeyHeader'

export type ApiKeyAuthParams = {
  store: Store
  /** When true, a request without a key is rejected; a wrong key is rejected either way. */
  required: boolean
}

/**
 * Hono middleware: reads the API key from `Authorization: Bearer`, `x-api-key` or `x-api-key: Bearer`,
 * and on a valid key sets `c.var.auth`. Throws `AppError('UNAUTHORIZED')` (401) for a malformed,
 * unknown or revoked key, and for a missing key when `required`. Lookups are cached per store for a few
 * seconds (see `createApiKeyVerifier`), so revocation takes effect within that time.
 */
export function apiKeyAuth({ store, required }: ApiKeyAuthParams): MiddlewareHandler<AppEnv> {
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
    const auth = await verifier.verify(key)
    if (auth === undefined) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key')
    c.set('auth', auth)
    await next()
  }
}
