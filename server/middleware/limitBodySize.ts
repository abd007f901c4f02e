import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'

export type LimitBodySizeParams = {
  /** Largest accepted body in bytes, for every path not listed in `perPath`. */
  maxBytes: number
  /** Exact paths with their own limit (e.g. a route whose documented input is larger). */
  perPath?: Readonly<Record<string, number>>
}

/**
 * Hono middleware bounding the body of every request: a declared `Content-Length` above the limit is
 * refused before anything is read, and a chunked body is counted while it streams and refused as
 * soon as it passes the limit. Throws `AppError('PAYLOAD_TOO_LARGE')` (413) naming the limit.
 */
export function limitBodySize({ maxBytes, perPath = {} }: LimitBodySizeParams): MiddlewareHandler<AppEnv> {
  const limiters = new Map<number, MiddlewareHandler>()
  const limiterFor = (size: number) => {
    const existing = limiters.get(size)
    if (existing !== undefined) return existing
    const limiter = bodyLimit({
      maxSize: size,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${size} bytes`, {
          details: { maxBytes: size },
        })
      },
    })
    limiters.set(size, limiter)
    return limiter
  }
  return (c, next) => limiterFor(perPath[c.req.path] ?? maxBytes)(c, next)
}
