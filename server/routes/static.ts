import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import type { AppEnv } from '../appEnv'
import { isApiPath } from '../middleware/apiPaths'

const notBuiltText = `The web app has not been built yet (no dist/index.html).

- npm start builds it automatically before serving;
- npm run build:web builds it by hand;
- npm run dev serves it from the Vite dev server instead (http://localhost:5173).

The API works without it: see /docs.
`

async function statFile(file: string) {
  try {
    const info = await stat(file)
    return info.isFile() ? info : undefined
  } catch {
    return undefined
  }
}

function cacheControlFor(relativePath: string): string {
  if (relativePath === 'index.html') return 'no-cache'
  // Vite puts content-hashed bundles under assets/: a changed file gets a new name.
  if (relativePath.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

/**
 * Serves the built web app from `distDir` for every GET that is not an API path (see `isApiPath`):
 * existing files with their MIME type and cache headers (hashed `assets/*` immutable for a year,
 * `index.html` no-cache, other files one hour) and weak ETags; any other extension-less path,
 * `/widget` included, gets `index.html` (SPA fallback). Missing files with an extension fall through
 * to the app's 404. Without a build, answers 503 with a short text saying how to build it.
 */
export function createStaticRoutes(deps: { distDir: string }) {
  const root = path.resolve(deps.distDir)
  return new Hono<AppEnv>().get('*', async (c, next) => {
    const urlPath = c.req.path
    if (isApiPath(urlPath)) return next()
    let decoded: string
    try {
      decoded = decodeURIComponent(urlPath)
    } catch {
      return next()
    }
    const candidate = path.resolve(root, `.${decoded}`)
    const insideRoot = candidate === root || candidate.startsWith(`${root}${path.sep}`)
    if (!insideRoot) return next()

    let file = candidate
    let info = candidate === root ? undefined : await statFile(candidate)
    if (info === undefined) {
      if (path.extname(decoded) !== '') return next()
      file = path.join(root, 'index.html')
      info = await statFile(file)
      if (info === undefined) return c.text(notBuiltText, 503)
    }

    const relative = path.relative(root, file).split(path.sep).join('/')
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
    c.header('cache-control', cacheControlFor(relative))
    c.header('etag', etag)
    if (c.req.header('if-none-match') === etag) return c.body(null, 304)
    c.header('content-type', getMimeType(file) ?? 'application/octet-stream')
    return c.body(await readFile(file))
  })
}
