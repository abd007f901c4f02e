import { Server as HttpServer } from 'node:http'
import { serve } from '@hono/node-server'
import { createWidgetDemoApp, type WidgetDemoAppParams } from './createWidgetDemoApp'

/**
 * Listens with the widget demo host page (`createWidgetDemoApp`) on `host:port`; resolves with its URL and a
 * close function once listening, rejects when the port is taken.
 */
export function startWidgetDemo(
  params: WidgetDemoAppParams & { host: string; port: number },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createWidgetDemoApp(params)
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: params.port, hostname: params.host })
    if (!(server instanceof HttpServer)) throw new Error('expected an HTTP/1.1 server')
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve({
        url: `http://localhost:${params.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
