import type { AuthGroup } from '../config'

/**
 * The `AUTH_REQUIRED` group a request path belongs to, or undefined for paths outside every group
 * (health, docs, the web app). The trades and register-error routes check keys themselves.
 */
export function authGroupOf(path: string): AuthGroup | undefined {
  if (/^\/(trade\/v1|v1)\/gasless\//.test(path)) return 'gasless'
  if (/^\/((trade\/v1|trade|v1)\/)?info\//.test(path)) return 'info'
  if (/^\/trade\/v1\/-?\d+\/approval\//.test(path)) return 'approval'
  if (/^\/trade\/v1\/-?\d+\/(quote|swap|batch_quote)\/single$/.test(path)) return 'single'
  if (/^\/trade\/v1\/-?\d+\/(quote|swap)\/cross$/.test(path)) return 'cross'
  if (path.startsWith('/rpc/')) return 'rpc'
  return undefined
}
