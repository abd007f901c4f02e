import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { apiKeyAuth } from '../auth/apiKeyAuth'
import { createApiKey } from '../auth/createApiKey'
import { createSilentLogger } from '../logger'
import { handleError } from '../middleware/handleError'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { rateLimit } from './rateLimit'

let store: TestStore
beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
})
afterAll(async () => {
  await store.destroy()
})

function buildApp(backend: 'memory' | TestStore, clock: { ms: number }) {
  const app = new Hono<AppEnv>()
  app.onError(handleError(createSilentLogger()))
  app.use('*', apiKeyAuth({ store, required: false }))
  app.use('*', rateLimit({ perMinuteKey: 5, perMinuteIp: 3, backend, trustProxy: true, now: () => clock.ms }))
  app.get('/x', (c) => c.text('ok'))
  return app
}

const fromIp = (ip: string, extra: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': `${ip}, 10.0.0.1`, ...extra },
})

describe.each(['memory', 'store'] as const)('rateLimit with the %s backend', (kind) => {
  it('allows N per window per IP, then 429 with Retry-After and RateLimit headers; a new window resets', async () => {
    const clock = { ms: 60_000 * 1000 + 15_000 }
    const app = buildApp(kind === 'memory' ? 'memory' : store, clock)
    const ip = `192.0.2.${kind === 'memory' ? 1 : 2}`
    const statuses: number[] = []
    const remaining: (string | null)[] = []
    for (let i = 0; i < 4; i++) {
      const res = await app.request('/x', fromIp(ip))
      statuses.push(res.status)
      remaining.push(res.headers.get('ratelimit-remaining'))
      expect(res.headers.get('ratelimit-limit')).toBe('3')
      expect(res.headers.get('ratelimit-reset')).toBe('45')
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(remaining).toEqual(['2', '1', '0', '0'])
    const limited = await app.request('/x', fromIp(ip))
    expect(limited.headers.get('retry-after')).toBe('45')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED')
    expect((await app.request('/x', fromIp('198.51.100.9'))).status).toBe(200)
    clock.ms += 45_000
    expect((await app.request('/x', fromIp(ip))).status).toBe(200)
  })

  it('counts authenticated requests per key with the key limit', async () => {
    const clock = { ms: 7_000_000 }
    const app = buildApp(kind === 'memory' ? 'memory' : store, clock)
    const { key } = await createApiKey(store, { companyName: `Acme-${kind}` })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await app.request('/x', fromIp('203.0.113.7', { 'x-api-key': key }))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

it('shares database counts between two middleware instances (two processes)', async () => {
  const clock = { ms: 9_000_000 }
  const a = buildApp(store, clock)
  const b = buildApp(store, clock)
  const statuses = [a, b, a, b].map((app) => app.request('/x', fromIp('192.0.2.77')))
  expect((await Promise.all(statuses)).map((r) => r.status).sort()).toEqual([200, 200, 200, 429])
})
