import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv'

/* Served from node_modules/swagger-ui-dist so the docs page works offline (no CDN). */
const assetTypes: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

const initScript = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
`

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API documentation</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/init.js"></script>
  </body>
</html>
`

/** Directory of the installed swagger-ui-dist package. */
export function getSwaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
}

/**
 * `GET /docs`: Swagger UI for `/openapi.json`, with its scripts and styles served locally under
 * `/docs/assets/*` from the swagger-ui-dist package, so the page works without internet access.
 * Unknown asset names fall through to the app's 404.
 */
export function createDocsRoutes() {
  const assetDir = getSwaggerUiDir()
  return new Hono<AppEnv>()
    .get('/docs', (c) => c.html(page))
    .get('/docs/assets/init.js', (c) => {
      c.header('content-type', 'text/javascript; charset=utf-8')
      c.header('cache-control', 'no-cache')
      return c.body(initScript)
    })
    .get('/docs/assets/:file', async (c, next) => {
      const file = c.req.param('file')
      const type = assetTypes[file]
      if (type === undefined) return next()
      const content = await readFile(path.join(assetDir, file))
      c.header('content-type', type)
      c.header('cache-control', 'public, max-age=86400')
      return c.body(content)
    })
}
