import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'

const acceptedRequestId = /^[\w.:-]{1,128}$/

/**
 * Gives every request an id: the caller's `x-request-id` when it is 1 to 128 characters of
 * `[A-Za-z0-9_.:-]`, a random UUID otherwise. Stores it as `c.var.requestId` and echoes it in the
 * `x-request-id` response header (error responses carry it in their body too).
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const id = incoming !== undefined && acceptedRequestId.test(incoming) ? incoming : crypto.randomUUID()
    c.set('requestId', id)
    c.header('x-request-id', id)
    await next()
    c.res.headers.set('x-request-id', id)
  }
}
