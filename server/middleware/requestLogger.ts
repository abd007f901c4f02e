import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import type { Logger } from '../logger'
import { matchesPathPrefix } from './apiPaths'

/* Wallets poll the RPC proxy every block and the browser fetches many assets: keep those at debug. */
const chattyPrefixes = ['/rpc', '/assets', '/docs/assets', '/chains', '/tokens']

/**
 * Logs one line per request after it completes: method, path, status, duration in ms and request id.
 * RPC-proxy and static-asset requests log at `debug`, everything else at `info`.
 */
export function requestLogger(
  logger: Logger,
  now: () => number = performance.now.bind(performance),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = now()
    await next()
    const fields = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((now() - startedAt) * 10) / 10,
    }
    if (matchesPathPrefix(c.req.path, chattyPrefixes)) logger.debug('request', fields)
    else logger.info('request', fields)
  }
}
