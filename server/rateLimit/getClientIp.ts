import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's IP address. With `trustProxy` (the server sits behind a proxy or load balancer that sets
 * the header), the first address of `X-Forwarded-For`, else `X-Real-IP`; otherwise the socket's remote
 * address. Returns 'unknown' when none is available (e.g. requests made in-process with `app.request`).
 */
export function getClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded !== undefined && forwarded !== '') return forwarded
    const realIp = c.req.header('x-real-ip')?.trim()
    if (realIp !== undefined && realIp !== '') return realIp
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
