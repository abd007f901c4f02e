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
 * soon as it passes the limit; the body of a GET or HEAD, which no route reads, is not looked at. Throws `AppError('PAYLOAD_TOO_LARGE')` (413) naming the limit.
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
  return (c, next) => {
    // no route reads the body of a GET or HEAD; asking the request for it would build a fetch Request for nothing
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return limiterFor(perPath[c.req.path] ?? maxBytes)(c, next)
  }
}
