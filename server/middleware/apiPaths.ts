/**
 * Path prefixes served by the API rather than the web app. The static handler never answers these
 * with index.html, CORS applies to the integrator-facing ones, and the Vite dev server proxies all of
 * them to the API process.
 */
export const apiPathPrefixes = [
  '/trade',
  '/v1',
  '/info',
  '/api',
  '/devnet',
  '/rpc',
  '/health',
  '/openapi.json',
  '/docs',
] as const

/** Prefixes integrators call from their own web pages: these answer CORS requests from any origin. */
export const corsPathPrefixes = ['/trade', '/v1', '/info', '/api', '/openapi.json'] as const

/** True when `path` equals a prefix or continues it with `/`. */
export function matchesPathPrefix(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** True when `path` belongs to the API (see `apiPathPrefixes`). */
export function isApiPath(path: string): boolean {
  return matchesPathPrefix(path, apiPathPrefixes)
}
