import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { isApiPath, matchesPathPrefix } from './apiPaths'

/**
 * Security headers for every response, in three flavours:
 * - `/widget` (the embeddable app): no `X-Frame-Options` and `frame-ancestors *`, so any site can
 *   embed it in an iframe;
 * - API paths: `Cross-Origin-Resource-Policy: cross-origin`, so integrators' pages can load token
 *   logos and responses;
 * - everything else: `X-Frame-Options: SAMEORIGIN` and a same-origin resource policy.
 * The opener policy allows popups because wallet SDKs open them and talk back to the opener.
 */
export function securityHeaders(): MiddlewareHandler {
  const common = { crossOriginOpenerPolicy: 'same-origin-allow-popups' } as const
  const widget = secureHeaders({
    ...common,
    xFrameOptions: false,
    contentSecurityPolicy: { frameAncestors: ['*'] },
  })
  const api = secureHeaders({ ...common, crossOriginResourcePolicy: 'cross-origin' })
  const app = secureHeaders(common)
  return (c, next) => {
    const path = c.req.path
    if (matchesPathPrefix(path, ['/widget'])) return widget(c, next)
    if (isApiPath(path)) return api(c, next)
    return app(c, next)
  }
}
