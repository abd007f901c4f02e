import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { createStaticRoutes } from '../../server/routes/static'

/** What the demo page's own host wallet and chain list need from the API, forwarded to it. */
const forwardedPrefixes = ['/rpc/', '/devnet/', '/trade/v1/info/']

export interface WidgetDemoAppParams {
  /** The built web app (the demo page is `widget-demo.html` in it). */
  distDir: string
  /** Port of the API and widget; the page embeds the widget from the same host name on this port. */
  widgetPort: number
  /** Where forwarded requests go (the API's own listener, e.g. `http://127.0.0.1:8787`). */
  apiOrigin: string
}

/**
 * The widget's demo host page (devnet only), served on a port of its own so the widget is embedded from
 * another origin, as on an integrator's site: `/` is the page, `/demo-config.json` tells it the widget's
 * port, built assets come from `distDir`, and the few API paths its own wallet uses (`/rpc`, `/devnet`, the
 * chain list) are forwarded to the API, so that wallet needs no cross-origin access.
 */
export function createWidgetDemoApp(params: WidgetDemoAppParams) {
  const app = new Hono()
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `http://*:${params.widgetPort}`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", `http://*:${params.widgetPort}`],
        frameSrc: [`http://*:${params.widgetPort}`],
        objectSrc: ["'none'"],
      },
    }),
  )
  app.get('/demo-config.json', (c) => c.json({ widgetPort: params.widgetPort }))
  app.get('/', async (c) => {
    try {
      return c.html(await readFile(path.join(params.distDir, 'widget-demo.html'), 'utf8'))
    } catch (_error: unknown) {
      return c.text('The web app has not been built yet (npm run build:web).', 503)
    }
  })
  app.all('*', async (c, next) => {
    const url = new URL(c.req.url)
    if (!forwardedPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return next()
    const method = c.req.method
    const answer = await fetch(new URL(`${url.pathname}${url.search}`, params.apiOrigin), {
      method,
      headers: { 'content-type': c.req.header('content-type') ?? 'application/json' },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: await c.req.arrayBuffer() }),
    })
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
    })
  })
  app.route('/', createStaticRoutes({ distDir: params.distDir }))
  return app
}
