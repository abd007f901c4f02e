import fc from 'fast-check'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { apiKeyAuth } from '../auth/apiKeyAuth'
import { createApiKey } from '../auth/createApiKey'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { handleError } from '../middleware/handleError'
import { requestId } from '../middleware/requestId'
import { getErrorRegistration } from '../store/errorRegistrations'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import { createRegisterErrorRoutes, registerErrorMaxBodyBytes } from './registerError'

let store: TestStore
let key: string
let companyId: string

beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
  const created = await createApiKey(store, { companyName: 'Acme' })
  key = created.key
  companyId = created.company.id
})
afterAll(async () => {
  await store.destroy()
})

function buildApp(authRequired: boolean) {
  const app = new Hono<AppEnv>()
  app.use('*', requestId())
  app.use('*', apiKeyAuth({ store, required: false }))
  app.onError(handleError(createSilentLogger()))
  app.route('/', createRegisterErrorRoutes({ store, authRequired, maxInputBytes: 8 }))
  return app
}

const post = (app: Hono<AppEnv>, body: string, headers: Record<string, string> = {}) =>
  app.request('/api/register-error', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })

const validBody = {
  input_data: '0xDEADbeef',
  value: '1000000000000000000',
  sender: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  to_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  chain_id: 1,
  block_number: 0,
  transaction_hash: `0x${'AB'.repeat(32)}`,
  unknown_field: { ignored: true },
}

describe('POST /api/register-error', () => {
  it('stores every field normalised and answers { success, id }', async () => {
    const res = await post(buildApp(false), JSON.stringify({ ...validBody, api_key: key }))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { success: boolean; id: string }
    expect(body.success).toBe(true)
    expect(await getErrorRegistration(store.db, body.id)).toMatchObject({
      companyId,
      inputData: '0xdeadbeef',
      value: 10n ** 18n,
      sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      toAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      chainId: 1,
      blockNumber: 0,
      transactionHash: `0x${'ab'.repeat(32)}`,
    })
  })

  it('accepts an empty object, an empty body and nulls', async () => {
    const app = buildApp(false)
    for (const body of ['{}', '', '{"sender":null,"chain_id":null}']) {
      expect((await post(app, body)).status).toBe(200)
    }
  })

  it('names every offending field in a 400', async () => {
    const res = await post(
      buildApp(false),
      JSON.stringify({
        input_data: '0x123',
        value: '-1',
        sender: '0x1234',
        to_address: 42,
        chain_id: 0,
        block_number: 1.5,
        transaction_hash: '0xabc',
      }),
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as {
      statusCode: number
      error: { code: string; details: { target: string; issues: { path: string }[] } }
    }
    expect(body.statusCode).toBe(400)
    expect(body.error.code).toBe('INVALID_PARAMS')
    expect([...new Set(body.error.details.issues.map((d) => d.path))].sort()).toEqual(
      ['block_number', 'chain_id', 'input_data', 'sender', 'to_address', 'transaction_hash', 'value'].sort(),
    )
  })

  it('enforces the input_data size limit: exactly maxInputBytes passes, one byte more fails', async () => {
    const app = buildApp(false)
    expect((await post(app, JSON.stringify({ input_data: `0x${'00'.repeat(8)}` }))).status).toBe(200)
    const res = await post(app, JSON.stringify({ input_data: `0x${'00'.repeat(9)}` }))
    expect(res.status).toBe(400)
    expect(
      ((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]
        ?.path,
    ).toBe('input_data')
  })

  it('answers 400 for malformed JSON, a non-object body and a wrong content type', async () => {
    const app = buildApp(false)
    const malformed = await post(app, '{"chain_id": 1')
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON')
    expect((await post(app, '[1,2]')).status).toBe(400)
    expect((await post(app, 'null')).status).toBe(400)
    expect((await post(app, '{}', { 'content-type': 'text/plain' })).status).toBe(400)
  })

  it('with auth required: 401 without or with an unknown key, 400 for a malformed key, 200 with a key in body or header', async () => {
    const app = buildApp(true)
    expect((await post(app, '{}')).status).toBe(401)
    expect((await post(app, JSON.stringify({ api_key: `sk_live_${'A'.repeat(43)}` }))).status).toBe(401)
    expect((await post(app, JSON.stringify({ api_key: 'nope' }))).status).toBe(400)
    expect((await post(app, JSON.stringify({ api_key: key }))).status).toBe(200)
    expect((await post(app, '{}', { 'x-api-key': key })).status).toBe(200)
  })

  it('without auth required: an unknown body key is ignored, a wrong header key is 401', async () => {
    const app = buildApp(false)
    const res = await post(app, JSON.stringify({ api_key: 'whatever' }))
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    expect((await getErrorRegistration(store.db, id))?.companyId).toBeNull()
    expect((await post(app, '{}', { authorization: 'Bearer wrong' })).status).toBe(401)
  })

  it('stores 50 concurrent registrations, none lost', async () => {
    const app = buildApp(false)
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(app, JSON.stringify({ block_number: 1_000 + i, api_key: key })),
      ),
    )
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id))
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200))
    const stored = await Promise.all(ids.map((id) => getErrorRegistration(store.db, id)))
    expect(stored.map((r) => r?.blockNumber)).toEqual(Array.from({ length: 50 }, (_, i) => 1_000 + i))
  })

  it('never answers anything but 200, 400 or 401 to random bodies, content types and auth headers', async () => {
    const apps = [buildApp(false), buildApp(true)]
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(validBody.sender, validBody.transaction_hash, '0x', '1', 1, -1, 2 ** 60, 1e308),
    )
    const bodyArb = fc.oneof(
      fc
        .record(
          {
            input_data: field,
            value: field,
            sender: field,
            to_address: field,
            api_key: fc.oneof(field, fc.constant(key)),
            chain_id: field,
            block_number: field,
            transaction_hash: field,
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
    )
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      '',
      'application/x-www-form-urlencoded',
    )
    const authHeader = fc.option(
      fc.oneof(
        fc.record({ authorization: fc.oneof(fc.string(), fc.constant(`Bearer ${key}`)) }),
        fc.record({ 'x-api-key': fc.oneof(fc.string(), fc.constant(key), fc.constant(`Bearer ${key}`)) }),
      ),
      { nil: undefined },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1),
        bodyArb,
        contentType,
        authHeader,
        async (appIndex, body, type, auth) => {
          const headers: Record<string, string> = { ...(auth ?? {}) }
          if (type !== '') headers['content-type'] = type
          const headerValues = Object.values(headers)
          fc.pre(headerValues.every((v) => /^[\t\x20-\x7e]*$/.test(v)))
          const app = apps[appIndex] ?? buildApp(false)
          const res = await app.request('/api/register-error', { method: 'POST', body, headers })
          expect([200, 400, 401]).toContain(res.status)
          if (res.status !== 200)
            expect(typeof ((await res.json()) as { message: unknown }).message).toBe('string')
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('POST /api/register-error in the app', () => {
  it('gives anonymous callers their own stricter per-IP limit, and keyed callers (header or body) none', async () => {
    const { app } = createTestApp({
      store,
      config: loadConfig({ REGISTER_ERROR_PER_MINUTE_IP: '2', TRUST_PROXY: 'true' }),
    })
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    })
    const anonymous: number[] = []
    for (let i = 0; i < 3; i++)
      anonymous.push((await app.request('/api/register-error', from('192.0.2.1'))).status)
    expect(anonymous).toEqual([200, 200, 429])
    const badBody = await app.request('/api/register-error', {
      ...from('192.0.2.1'),
      body: '{"chain_id":-1}',
    })
    expect(badBody.status).toBe(429)
    expect((await app.request('/api/register-error', from('192.0.2.1', { 'x-api-key': key }))).status).toBe(
      200,
    )
    const bodyKey = { ...from('192.0.2.1'), body: JSON.stringify({ api_key: key }) }
    expect((await app.request('/api/register-error', bodyKey)).status).toBe(200)
    expect((await app.request('/api/register-error', from('192.0.2.2'))).status).toBe(200)
  })

  it('answers 413 PAYLOAD_TOO_LARGE for a body above its limit without storing anything', async () => {
    const { app } = createTestApp({ store, config: loadConfig({ REGISTER_ERROR_MAX_INPUT_BYTES: '1000' }) })
    const limit = registerErrorMaxBodyBytes(1_000)
    const res = await app.request('/api/register-error', {
      method: 'POST',
      body: JSON.stringify({ input_data: '0x', padding: 'x'.repeat(limit) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('GET /v1/errors', () => {
  it("lists only the caller's registrations and requires a key", async () => {
    const app = buildApp(false)
    const other = await createApiKey(store, { companyName: 'Other' })
    await post(app, JSON.stringify({ chain_id: 777 }), { authorization: `Bearer ${other.key}` })
    expect((await app.request('/v1/errors')).status).toBe(401)
    const res = await app.request('/v1/errors?limit=1', { headers: { authorization: `Bearer ${other.key}` } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { items: { chain_id: number }[]; limit: number }
    expect(body.items.map((i) => i.chain_id)).toEqual([777])
    expect(body.limit).toBe(1)
    expect((await app.request('/v1/errors?limit=0', { headers: { 'x-api-key': key } })).status).toBe(400)
  })
})
