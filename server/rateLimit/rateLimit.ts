import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'
import type { Store } from '../store/createStore'
import { createMemoryRateLimitBackend } from './createMemoryRateLimitBackend'
import { createStoreRateLimitBackend } from './createStoreRateLimitBackend'
import { getClientIp } from './getClientIp'
import { toClientNetwork } from './toClientNetwork'

export type RateLimitParams = {
  /** Requests per window for a request authenticated by an API key (counted per key); 0 = unlimited. */
  perMinuteKey: number
  /** Requests per window for an anonymous request (counted per client IP); 0 = unlimited. */
  perMinuteIp: number
  /** 'memory': per process. A Store: counts shared by every process using that database. */
  backend: 'memory' | Store
  /** Take the client IP from X-Forwarded-For / X-Real-IP (only behind a proxy that sets them). */
  trustProxy: boolean
  /** Prefix of this limiter's buckets, so several limiters can share one database table. */
  name?: string
  windowMs?: number
  now?: () => number
}

/** Counting by client IP outside the middleware: for invalid API keys and anonymous-only budgets. */
export interface ClientLimiter {
  /** Counts one hit against the client IP's budget; throws `RATE_LIMITED` (429) when it is exceeded. */
  chargeClient: (c: Context<AppEnv>) => Promise<void>
  /** True when the client IP is over its budget in the current window (in-memory check, no I/O). */
  isClientBlocked: (c: Context<AppEnv>) => boolean
}

/** Charging one request more than one hit: a route that learns its cost once it has read its body. */
export interface ExtraCharge {
  /**
   * Counts `hits` more against the budget the middleware counted this request on (its API key, else its client
   * IP); throws `RATE_LIMITED` (429) when that takes it over. Nothing when `hits` <= 0 or the budget is unlimited.
   */
  chargeExtra: (c: Context<AppEnv>, hits: number) => Promise<void>
}

export type RateLimitMiddleware = MiddlewareHandler<AppEnv> & ClientLimiter & ExtraCharge

const maxBlockedEntries = 10_000

/**
 * Hono middleware enforcing a fixed-window limit (default window one minute): per API key when
 * `c.var.auth` is set (mount it after `apiKeyAuth`), otherwise per client IP (an IPv6 client per /64, see
 * `toClientNetwork`). Every response carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds; IETF draft
 * "RateLimit header fields"); over the limit it throws `AppError('RATE_LIMITED')` (429) after setting
 * `Retry-After` (seconds until the window ends). The returned function also carries `chargeClient`
 * and `isClientBlocked` (see `ClientLimiter`) on the same per-IP budget, which `apiKeyAuth` uses so
 * that requests with invalid keys are counted and, once over the limit, refused before any lookup.
 */
export function rateLimit({
  perMinuteKey,
  perMinuteIp,
  backend,
  trustProxy,
  name,
  windowMs = 60_000,
  now = Date.now,
}: RateLimitParams): RateLimitMiddleware {
  const counter = backend === 'memory' ? createMemoryRateLimitBackend() : createStoreRateLimitBackend(backend)
  const prefix = name === undefined ? '' : `${name}:`
  const blockedUntilMs = new Map<string, number>()
  const extraHeaders = new WeakMap<Context<AppEnv>, Record<string, string>>()

  const ipBucket = (c: Context<AppEnv>) => `${prefix}ip:${toClientNetwork(getClientIp(c, trustProxy))}`

  const budgetOf = (c: Context<AppEnv>) => {
    const auth = c.var.auth
    return auth === undefined
      ? { bucketKey: ipBucket(c), limit: perMinuteIp }
      : { bucketKey: `${prefix}key:${auth.keyId}`, limit: perMinuteKey }
  }

  async function charge(c: Context<AppEnv>, bucketKey: string, limit: number, count = 1) {
    const nowMs = now()
    const windowStartMs = nowMs - (nowMs % windowMs)
    const hits = await counter.hit(bucketKey, windowStartMs, count)
    const resetSec = Math.max(1, Math.ceil((windowStartMs + windowMs - nowMs) / 1000))
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - hits)),
      'RateLimit-Reset': String(resetSec),
    }
    for (const [header, value] of Object.entries(headers)) c.header(header, value)
    if (hits > limit) {
      rememberBlocked(bucketKey, windowStartMs + windowMs, nowMs)
      c.header('Retry-After', String(resetSec))
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit of ${limit} requests per ${windowMs / 1000} s exceeded`,
        {
          details: { limit, retryAfterSec: resetSec },
        },
      )
    }
    return headers
  }

  function rememberBlocked(bucketKey: string, untilMs: number, nowMs: number) {
    if (blockedUntilMs.size >= maxBlockedEntries) {
      for (const [key, until] of blockedUntilMs) if (until <= nowMs) blockedUntilMs.delete(key)
      if (blockedUntilMs.size >= maxBlockedEntries) blockedUntilMs.clear()
    }
    blockedUntilMs.set(bucketKey, untilMs)
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { bucketKey, limit } = budgetOf(c)
    if (limit <= 0) return next()
    const headers = await charge(c, bucketKey, limit)
    await next()
    // a route that charged more (`chargeExtra`) reports the budget left after that, whatever response it built
    const extra = extraHeaders.get(c)
    for (const [header, value] of Object.entries(extra ?? headers)) {
      if (extra !== undefined || !c.res.headers.has(header)) c.res.headers.set(header, value)
    }
  }

  return Object.assign(middleware, {
    async chargeClient(c: Context<AppEnv>) {
      if (perMinuteIp > 0) await charge(c, ipBucket(c), perMinuteIp)
    },
    async chargeExtra(c: Context<AppEnv>, hits: number) {
      const { bucketKey, limit } = budgetOf(c)
      if (limit > 0 && hits > 0) extraHeaders.set(c, await charge(c, bucketKey, limit, hits))
    },
    isClientBlocked(c: Context<AppEnv>) {
      if (perMinuteIp <= 0) return false
      const until = blockedUntilMs.get(ipBucket(c))
      return until !== undefined && until > now()
    },
  })
}
