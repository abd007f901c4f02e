import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'
import type { Store } from '../store/createStore'
import { createMemoryRateLimitBackend } from './createMemoryRateLimitBackend'
import { createStoreRateLimitBackend } from './createStoreRateLimitBackend'
import { getClientIp } from './getClientIp'

export type RateLimitParams = {
  /** Requests per window for a request authenticated by an API key (counted per key); 0 = unlimited. */
  perMinuteKey: number
  /** Requests per window for an anonymous request (counted per client IP); 0 = unlimited. */
  perMinuteIp: number
  /** 'memory': per process. A Store: counts shared by every process using that database. */
  backend: 'memory' | Store
  /** Take the client IP from X-Forwarded-For / X-Real-IP (only behind a proxy that sets them). */
  trustProxy: boolean
  windowMs?: number
  now?: () => number
}

/**
 * Hono middleware enforcing a fixed-window limit (default window one minute): per API key when
 * `c.var.auth` is set (mount it after `apiKeyAuth`), otherwise per client IP. Every response carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds; IETF draft
 * "RateLimit header fields"); over the limit it throws `AppError('RATE_LIMITED')` (429) after setting
 * `Retry-After` (seconds until the window ends).
 */
export function rateLimit({
  perMinuteKey,
  perMinuteIp,
  backend,
  trustProxy,
  windowMs = 60_000,
  now = Date.now,
}: RateLimitParams): MiddlewareHandler<AppEnv> {
  const counter = backend === 'memory' ? createMemoryRateLimitBackend() : createStoreRateLimitBackend(backend)
  return async (c, next) => {
    const auth = c.var.auth
    const limit = auth === undefined ? perMinuteIp : perMinuteKey
    if (limit <= 0) return next()
    const bucketKey = auth === undefined ? `ip:${getClientIp(c, trustProxy)}` : `key:${auth.keyId}`
    const nowMs = now()
    const windowStartMs = nowMs - (nowMs % windowMs)
    const hits = await counter.hit(bucketKey, windowStartMs)
    const resetSec = Math.max(1, Math.ceil((windowStartMs + windowMs - nowMs) / 1000))
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - hits)),
      'RateLimit-Reset': String(resetSec),
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
    if (hits > limit) {
      c.header('Retry-After', String(resetSec))
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit of ${limit} requests per ${windowMs / 1000} s exceeded`,
        {
          details: { limit, retryAfterSec: resetSec },
        },
      )
    }
    await next()
    for (const [name, value] of Object.entries(headers)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
  }
}
