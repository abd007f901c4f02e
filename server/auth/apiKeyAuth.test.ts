import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { createSilentLogger } from '../logger'
import { handleError } from '../middleware/handleError'
import { revokeApiKeys } from '../store/apiKeys'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { apiKeyAuth } from './apiKeyAuth'
import { createApiKey } from './createApiKey'
import { createApiKeyVerifier } from './createApiKeyVerifier'
import { apiKeyPattern, hashApiKey } from './generateApiKey'
import { readApiKeyHeader } from './readApiKeyHeader'

let store: TestStore
beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
})
afterAll(async () => {
  await store.destroy()
})

function buildApp(required: boolean) {
  const app = new Hono<AppEnv>()
  app.onError(handleError(createSilentLogger()))
  app.use('*', apiKeyAuth({ store, required }))
  app.get('/who', (c) => c.json({ company: c.var.auth?.companyName ?? null }))
  return app
}

describe('readApiKeyHeader', () => {
  it.each([
    [{ authorization: 'Bearer k1' }, 'k1'],
    [{ authorization: 'bearer   k1 ' }, 'k1'],
    [{ 'x-api-key': 'k2' }, 'k2'],
    [{ 'x-api-key': 'Bearer k3' }, 'k3'],
    [{ authorization: 'Basic abc', 'x-api-key': 'k4' }, 'k4'],
    [{ authorization: 'Basic abc' }, undefined],
    [{ 'x-api-key': '  ' }, undefined],
    [{ 'x-api-key': 'undefined' }, undefined],
    [{ 'x-api-key': 'null' }, undefined],
    [{ 'x-api-key': 'Bearer undefined' }, undefined],
    [{ 'x-api-key': 'Bearer' }, undefined],
    [{ authorization: 'Bearer undefined' }, undefined],
    [{ authorization: 'Bearer undefined', 'x-api-key': 'k5' }, 'k5'],
    [{ 'x-api-key': 'undefinedx' }, 'undefinedx'],
    [{}, undefined],
  ])('%j -> %s', (headers, expected) => {
    expect(readApiKeyHeader(new Headers(headers))).toBe(expected)
  })
})

describe('apiKeyAuth', () => {
  it('accepts a key in all three header forms and rejects wrong keys even when not required', async () => {
    const { key } = await createApiKey(store, { companyName: 'Acme' })
    expect(key).toMatch(apiKeyPattern)
    const optional = buildApp(false)
    const forms: Record<string, string>[] = [
      { authorization: `Bearer ${key}` },
      { 'x-api-key': key },
      { 'x-api-key': `Bearer ${key}` },
    ]
    for (const headers of forms) {
      const res = await optional.request('/who', { headers })
      expect(await res.json()).toEqual({ company: 'Acme' })
    }
    expect(await (await optional.request('/who')).json()).toEqual({ company: null })
    const wrong = await optional.request('/who', { headers: { 'x-api-key': `${key.slice(0, -1)}x` } })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
    expect((await buildApp(true).request('/who')).status).toBe(401)
  })

  it('treats an empty or `undefined` key as anonymous where keys are optional and as missing where required', async () => {
    const placeholders: Record<string, string>[] = [
      { 'x-api-key': 'undefined' },
      { 'x-api-key': '' },
      { authorization: 'Bearer undefined' },
    ]
    for (const headers of placeholders) {
      const anonymous = await buildApp(false).request('/who', { headers })
      expect(anonymous.status).toBe(200)
      expect(await anonymous.json()).toEqual({ company: null })
      const required = await buildApp(true).request('/who', { headers })
      expect(required.status).toBe(401)
    }
  })

  it('creates one company per name and stores only the key hash', async () => {
    const first = await createApiKey(store, { companyName: 'Beta' })
    const second = await createApiKey(store, { companyName: 'Beta' })
    expect(second.company.id).toBe(first.company.id)
    expect(first.company.integratorId).toMatch(/^0x[0-9a-f]{64}$/)
    expect(first.apiKey.keyHash).toBe(hashApiKey(first.key))
    expect(first.apiKey.prefix).toBe(first.key.slice(0, 16))
  })

  it('sees a revocation once the cache entry expires', async () => {
    const { key, apiKey } = await createApiKey(store, { companyName: 'Gamma' })
    let nowMs = 0
    const verifier = createApiKeyVerifier({ store, cacheTtlMs: 5_000, now: () => nowMs })
    expect((await verifier.verify(key))?.companyName).toBe('Gamma')
    await revokeApiKeys(store.db, apiKey.prefix)
    nowMs = 4_999
    expect((await verifier.verify(key))?.companyName).toBe('Gamma')
    nowMs = 5_000
    expect(await verifier.verify(key)).toBeUndefined()
  })

  it('caches unknown keys too, so repeating one costs no further lookup until the entry expires', async () => {
    let nowMs = 0
    const verifier = createApiKeyVerifier({ store, cacheTtlMs: 5_000, now: () => nowMs })
    const unknown = `sk_live_${'b'.repeat(43)}`
    expect(verifier.peek(unknown)).toBeUndefined()
    expect(await verifier.verify(unknown)).toBeUndefined()
    expect(verifier.peek(unknown)).toEqual({ auth: undefined })
    expect(verifier.peek('not-a-key')).toEqual({ auth: undefined })
    nowMs = 5_000
    expect(verifier.peek(unknown)).toBeUndefined()
  })
})
