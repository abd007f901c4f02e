import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../appEnv'
import { authGroupOf } from '../auth/authGroupOf'
import type { AuthGroup } from '../config'
import { errorDescriptions } from './schemas'

export type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>

export type FinalizeOpenApiDocumentParams = {
  /** The deployment's `AUTH_REQUIRED` groups: their operations require a key, the others accept one. */
  authRequired: readonly AuthGroup[]
}

/** Operations that always require a key, whatever `AUTH_REQUIRED` says (they answer per company). */
export const alwaysKeyedPaths: readonly string[] = ['/trade/v1/info/trades', '/v1/errors']

/* These bodies are read by hand (answers must keep their own shape), so a wrong content type is a 400. */
const handParsedBodies: readonly string[] = ['/rpc/{chainId}', '/api/register-error']

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

type Operation = NonNullable<NonNullable<OpenApiDocument['paths']>[string]['get']>

const errorSchemaRef = { $ref: '#/components/schemas/Error' }

/**
 * Completes the generated OpenAPI document in one place instead of in every route definition: a
 * `servers` entry (the document's own origin), an `operationId` per operation (method and path in
 * camelCase), the key requirement per operation (required for `alwaysKeyedPaths` and the
 * `AUTH_REQUIRED` groups, optional everywhere else, since a sent key is always checked) and every error
 * status a route can answer that it does not declare itself: 400 when it takes parameters or a body,
 * 401 (a sent key is checked on every path), 413 for a body, 415 for a JSON body validated by the
 * router, 429 (invalid keys count against the limiter everywhere), 500, and 503 (a key lookup reads
 * the database). Returns a new document; the input is not changed.
 */
export function finalizeOpenApiDocument(
  document: OpenApiDocument,
  { authRequired }: FinalizeOpenApiDocumentParams,
): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {}
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const finished = { ...item }
    for (const method of methods) {
      const operation = item[method]
      if (operation === undefined) continue
      finished[method] = finalizeOperation(path, method, operation, keyRequirement(path, authRequired))
    }
    paths[path] = finished
  }
  return { ...document, servers: document.servers ?? [{ url: '/' }], paths }
}

function keyRequirement(path: string, authRequired: readonly AuthGroup[]): 'required' | 'optional' {
  if (alwaysKeyedPaths.includes(path)) return 'required'
  const group: AuthGroup | undefined =
    path === '/api/register-error'
      ? 'register-error'
      : authGroupOf(path.replaceAll('{chainId}', '1').replaceAll(/\{[^}]+\}/g, 'x'))
  return group !== undefined && authRequired.includes(group) ? 'required' : 'optional'
}

function finalizeOperation(
  path: string,
  method: (typeof methods)[number],
  operation: Operation,
  key: 'required' | 'optional',
): Operation {
  const hasBody = operation.requestBody !== undefined
  const hasInput = hasBody || (operation.parameters?.length ?? 0) > 0
  const statuses = [
    ...(hasInput ? [400] : []),
    401,
    ...(hasBody ? [413] : []),
    ...(hasBody && !handParsedBodies.includes(path) ? [415] : []),
    429,
    500,
    503,
  ]
  const responses = { ...operation.responses }
  for (const status of statuses) {
    responses[String(status)] ??= {
      description: errorDescriptions[status] ?? 'Error',
      content: { 'application/json': { schema: errorSchemaRef } },
    }
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)))
  const keyed: Record<string, string[]>[] = [{ ApiKey: [] }, { Bearer: [] }]
  return {
    ...operation,
    operationId: operation.operationId ?? buildOperationId(method, path),
    security: operation.security ?? (key === 'required' ? keyed : [...keyed, {}]),
    responses: sorted,
  }
}

/** `get /trade/v1/{chainId}/quote/single` -> `getTradeV1ChainIdQuoteSingle`. */
function buildOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
}
