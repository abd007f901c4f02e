import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's IP address. With `trustProxy` (the server sits behind one proxy or load balancer that
 * appends to the header), the LAST address of `X-Forwarded-For`, which is the one that proxy wrote
 * (earlier entries are whatever the client sent and can be forged), else `X-Real-IP`; otherwise the
 * socket's remote address. Returns 'unknown' when none is available (e.g. in-process `app.request`).
 */
export function getClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
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
