import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../appEnv'

const exposedHeaders = ['x-request-id', 'retry-after']

/**
 * CORS for the API, open to every origin. Preflights are answered by Hono's `cors`. Any other request gets its
 * two headers before the handler runs, with `c.header`: Hono's `cors` sets them on `c.res` instead, which
 * creates the response early and turns every answer into a streamed undici Response (about a quarter of the
 * event loop's time at full load) instead of the string @hono/node-server writes at once.
 */
export function apiCors(): MiddlewareHandler<AppEnv> {
  const preflight = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['content-type', 'authorization', 'x-api-key', 'x-request-id'],
    exposeHeaders: exposedHeaders,
    maxAge: 600,
  })
  const exposed = exposedHeaders.join(',')
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    c.header('Access-Control-Allow-Origin', '*')
    c.header('Access-Control-Expose-Headers', exposed)
    return next()
  }
}
