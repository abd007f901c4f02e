import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getAddress } from 'viem'
import type { AppEnv, AuthContext } from '../appEnv'
import { apiKeyAuth } from '../auth/apiKeyAuth'
import { getApiKeyVerifier } from '../auth/createApiKeyVerifier'
import { apiKeyPattern } from '../auth/generateApiKey'
import { readApiKeyHeader } from '../auth/readApiKeyHeader'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { errorResponses, evmAddressField, pagingQueryParam, uint256Field } from '../openapi/schemas'
import { getClientIp } from '../rateLimit/getClientIp'
import type { ClientLimiter } from '../rateLimit/rateLimit'
import type { Store } from '../store/createStore'
import { insertErrorRegistration, listErrorRegistrations } from '../store/errorRegistrations'

export type RegisterErrorRoutesParams = {
  store: Store
  /** The deployment requires an API key for register-error (body `api_key` or the usual headers). */
  authRequired: boolean
  /** Largest accepted `input_data`, in bytes (the hex string may be 2 + 2 * maxInputBytes long). */
  maxInputBytes: number
  /** Read the client IP from X-Forwarded-For (as the rate limiter does). */
  trustProxy?: boolean
  /** The stricter per-IP budget of requests that carry no valid API key (header or body). */
  anonymousLimiter?: ClientLimiter
}

/** Largest register-error body in bytes: the hex `input_data` (2 characters a byte) plus 64 KiB. */
export function registerErrorMaxBodyBytes(maxInputBytes: number): number {
  return 2 * maxInputBytes + 64 * 1024
}

const hexBytes = /^0x(?:[0-9a-fA-F]{2})*$/
const hash32 = /^0x[0-9a-fA-F]{64}$/

/** The register-error body: every field optional (null counts as absent), unknown fields ignored. */
export function buildRegisterErrorBodySchema(maxInputBytes: number) {
  return z
    .object({
      input_data: z
        .string()
        .max(2 + 2 * maxInputBytes, `must be at most ${maxInputBytes} bytes`)
        .regex(hexBytes, 'must be 0x-prefixed hex bytes')
        .nullish()
        .openapi({ description: 'Raw input data (calldata) of the transaction', example: '0x12345678' }),
      value: uint256Field('value')
        .transform(String)
        .nullish()
        .openapi({ description: 'Transaction value in wei', example: '0' }),
      sender: evmAddressField('sender')
        .nullish()
        .openapi({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
      to_address: evmAddressField('to_address')
        .nullish()
        .openapi({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }),
      api_key: z.string().max(256, 'must be at most 256 characters').nullish().openapi({
        description: 'API key for authentication and tracking (validated when the deployment requires a key)',
      }),
      chain_id: z
        .number()
        .int('must be an integer')
        .positive('must be a positive integer')
        .max(Number.MAX_SAFE_INTEGER)
        .nullish()
        .openapi({ example: 1 }),
      block_number: z
        .number()
        .int('must be an integer')
        .nonnegative('must be a non-negative integer')
        .max(Number.MAX_SAFE_INTEGER)
        .nullish()
        .openapi({ example: 19_000_000 }),
      transaction_hash: z
        .string()
        .regex(hash32, 'must be a 0x-prefixed 32-byte hash')
        .nullish()
        .openapi({ example: `0x${'ab'.repeat(32)}` }),
    })
    .openapi('RegisterErrorRequest')
}

const RegisterErrorResponseSchema = z
  .object({
    success: z.literal(true),
    id: z.string().openapi({ example: '0b7f1d7e-3c1a-4f57-9d6e-2a4c1c7d5b90' }),
  })
  .openapi('RegisterErrorResponse')

const ErrorRegistrationSchema = z
  .object({
    id: z.string(),
    input_data: z.string().nullable(),
    value: z.string().nullable(),
    sender: z.string().nullable(),
    to_address: z.string().nullable(),
    chain_id: z.number().int().nullable(),
    block_number: z.number().int().nullable(),
    transaction_hash: z.string().nullable(),
    created_at: z.string().openapi({ example: '2025-01-01T00:00:00.000Z' }),
  })
  .openapi('ErrorRegistration')

const ListQuerySchema = z.object({
  limit: pagingQueryParam('limit', 50, 1, 100),
  offset: pagingQueryParam('offset', 0, 0),
})

const listErrorsRoute = createRoute({
  method: 'get',
  path: '/v1/errors',
  tags: ['Register error'],
  summary: "The calling company's error registrations",
  description: 'Newest first. Requires an API key (`Authorization: Bearer <key>` or `x-api-key`).',
  request: { query: ListQuerySchema },
  responses: {
    200: {
      description: 'Registrations',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(ErrorRegistrationSchema),
            limit: z.number(),
            offset: z.number(),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 429),
  },
})

type FieldIssue = { field: string; message: string }

/**
 * Route module for `POST /api/register-error` (spec: every field optional, 400 on an invalid request,
 * 200 `{ success: true, id }` otherwise) and `GET /v1/errors` (the caller's own registrations, API key
 * required). The body is parsed here rather than by a validator so that a wrong content type, malformed
 * JSON, a non-object or an oversized body are all a 400, never a 500. Field errors throw
 * `AppError('INVALID_PARAMS')` with `details: { target: 'json', issues: [{ path, message }] }` (the shape of every validation error). Keys: a malformed `api_key` is 400
 * and a missing, unknown or revoked key 401 when `authRequired`; otherwise the body key is only used to
 * attribute the record (unknown keys are ignored), while a wrong key in the headers is always 401.
 */
export function createRegisterErrorRoutes({
  store,
  authRequired,
  maxInputBytes,
  trustProxy = false,
  anonymousLimiter,
}: RegisterErrorRoutesParams) {
  const bodySchema = buildRegisterErrorBodySchema(maxInputBytes)
  const maxBodyBytes = registerErrorMaxBodyBytes(maxInputBytes)
  const verifier = getApiKeyVerifier(store)
  const router = createRouter()

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/register-error',
    tags: ['Register error'],
    summary: 'Register an error from an on-chain call',
    description:
      'Lets integrators report failed on-chain calls (for example from their own contract). Every field is ' +
      'optional; unknown fields are ignored. The API key may be sent as `api_key` or in the usual headers. ' +
      'Requests without a valid key have their own, stricter per-IP limit (`REGISTER_ERROR_PER_MINUTE_IP`), ' +
      'and records are kept for `REGISTER_ERROR_RETENTION_DAYS` days.',
    request: { body: { required: false, content: { 'application/json': { schema: bodySchema } } } },
    responses: {
      200: {
        description: 'Stored',
        content: { 'application/json': { schema: RegisterErrorResponseSchema } },
      },
      ...errorResponses(400, 401, 413, 429),
    },
  })

  async function parseAndAuthenticate(c: Context<AppEnv>) {
    const raw = await readJsonObject(c, maxBodyBytes)
    const parsed = bodySchema.safeParse(raw)
    if (!parsed.success) {
      throw invalidFields(
        parsed.error.issues.map((issue) => ({
          field: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      )
    }
    return { body: parsed.data, auth: await resolveAuth(c, parsed.data.api_key ?? undefined) }
  }

  router.post('/api/register-error', async (c) => {
    let request: Awaited<ReturnType<typeof parseAndAuthenticate>>
    try {
      request = await parseAndAuthenticate(c)
    } catch (error: unknown) {
      if (c.var.auth === undefined) await anonymousLimiter?.chargeClient(c)
      throw error
    }
    const { body, auth } = request
    if (auth === undefined) await anonymousLimiter?.chargeClient(c)
    const id = await insertErrorRegistration(store.db, {
      companyId: auth?.companyId ?? null,
      apiKeyId: auth?.keyId ?? null,
      inputData: body.input_data?.toLowerCase() ?? null,
      value: body.value === undefined || body.value === null ? null : BigInt(body.value),
      sender: body.sender ? getAddress(body.sender) : null,
      toAddress: body.to_address ? getAddress(body.to_address) : null,
      chainId: body.chain_id ?? null,
      blockNumber: body.block_number ?? null,
      transactionHash: body.transaction_hash?.toLowerCase() ?? null,
      requestIp: getClientIp(c, trustProxy),
      requestId: c.var.requestId ?? null,
    })
    return c.json({ success: true as const, id }, 200)
  })

  async function resolveAuth(
    c: Context<AppEnv>,
    bodyKey: string | undefined,
  ): Promise<AuthContext | undefined> {
    const headerAuth = await verifyHeaderKey(c)
    if (bodyKey === undefined) {
      if (authRequired && headerAuth === undefined) {
        throw new AppError(
          'UNAUTHORIZED',
          'An API key is required: send api_key or Authorization: Bearer <key>',
        )
      }
      return headerAuth
    }
    if (!apiKeyPattern.test(bodyKey)) {
      if (authRequired)
        throw invalidFields([{ field: 'api_key', message: 'must be an API key (sk_live_...)' }])
      return headerAuth
    }
    const bodyAuth = await verifier.verify(bodyKey)
    if (bodyAuth === undefined && authRequired)
      throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key')
    return bodyAuth ?? headerAuth
  }

  async function verifyHeaderKey(c: Context<AppEnv>): Promise<AuthContext | undefined> {
    if (c.var.auth !== undefined) return c.var.auth
    const key = readApiKeyHeader(c.req.raw.headers)
    if (key === undefined) return undefined
    const auth = await verifier.verify(key)
    if (auth === undefined) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key')
    return auth
  }

  router.use('/v1/errors', apiKeyAuth({ store, required: true }))
  router.openapi(listErrorsRoute, async (c) => {
    const auth = requireAuth(c.var.auth)
    const { limit, offset } = c.req.valid('query')
    const rows = await listErrorRegistrations(store.db, { companyId: auth.companyId, limit, offset })
    const items = rows.map((row) => ({
      id: row.id,
      input_data: row.inputData,
      value: row.value === null ? null : row.value.toString(),
      sender: row.sender,
      to_address: row.toAddress,
      chain_id: row.chainId,
      block_number: row.blockNumber,
      transaction_hash: row.transactionHash,
      created_at: row.createdAt.toISOString(),
    }))
    return c.json({ items, limit, offset }, 200)
  })

  return router
}

function requireAuth(auth: AuthContext | undefined): AuthContext {
  if (auth === undefined) throw new AppError('UNAUTHORIZED', 'An API key is required')
  return auth
}

function invalidFields(issues: FieldIssue[]): AppError {
  const described = issues.map((issue) =>
    issue.field === '' ? issue.message : `${issue.field}: ${issue.message}`,
  )
  return new AppError('INVALID_PARAMS', `Invalid request: ${described.join('; ')}`, {
    details: {
      target: 'json',
      issues: issues.map((issue) => ({ path: issue.field, message: issue.message })),
    },
  })
}

async function readJsonObject(c: Context<AppEnv>, maxBodyBytes: number): Promise<Record<string, unknown>> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBodyBytes} bytes`, {
      details: { maxBytes: maxBodyBytes },
    })
  if (Number(c.req.header('content-length') ?? '0') > maxBodyBytes) throw tooLarge()
  const text = await c.req.text()
  if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) throw tooLarge()
  if (text.trim() === '') return {}
  const contentType = c.req.header('content-type') ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)) {
    throw invalidFields([{ field: 'content-type', message: 'must be application/json' }])
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error: unknown) {
    throw new AppError('INVALID_JSON', 'Malformed JSON in request body', { cause: error })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidFields([{ field: 'body', message: 'must be a JSON object' }])
  }
  return value as Record<string, unknown>
}
