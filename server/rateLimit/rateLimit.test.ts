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
  const limiter = rateLimit({
    perMinuteKey: 5,
    perMinuteIp: 3,
    backend,
    trustProxy: true,
    now: () => clock.ms,
  })
  app.onError(handleError(createSilentLogger()))
  app.use('*', apiKeyAuth({ store, required: false, limiter }))
  app.use('*', limiter)
  app.get('/x', (c) => c.text('ok'))
  app.get('/heavy', async (c) => {
    await limiter.chargeExtra(c, 2)
    return new Response('ok')
  })
  return app
}

/* The trusted proxy appends the address it saw; whatever comes before is written by the client. */
const fromIp = (ip: string, extra: Record<string, string> = {}, forged = '10.0.0.1') => ({
  headers: { 'x-forwarded-for': `${forged}, ${ip}`, ...extra },
})

const wellFormedKey = (n: number) => `sk_live_${n.toString(16).padStart(8, '0')}${'a'.repeat(35)}`

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

  it('charges a route its extra hits on the same budget, and reports what is left after them', async () => {
    const clock = { ms: 60_000 * 2000 }
    const app = buildApp(kind === 'memory' ? 'memory' : store, clock)
    const ip = `192.0.2.${kind === 'memory' ? 3 : 4}`
    const heavy = await app.request('/heavy', fromIp(ip))
    expect([heavy.status, heavy.headers.get('ratelimit-remaining')]).toEqual([200, '0'])
    expect((await app.request('/x', fromIp(ip))).status).toBe(429)
    clock.ms += 60_000
    expect((await app.request('/x', fromIp(ip))).status).toBe(200)
    expect((await app.request('/heavy', fromIp(ip))).status).toBe(429)
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

describe('rateLimit against evasion', () => {
  it('counts by the address the trusted proxy appended, whatever the client wrote before it', async () => {
    const app = buildApp('memory', { ms: 11_000_000 })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      statuses.push((await app.request('/x', fromIp('192.0.2.50', {}, `198.51.100.${i}`))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it.each(['memory', 'store'] as const)(
    'counts invalid keys against the IP budget and then refuses unknown keys before looking them up (%s)',
    async (kind) => {
      const app = buildApp(kind === 'memory' ? 'memory' : store, { ms: 13_000_000 })
      const ip = kind === 'memory' ? '192.0.2.60' : '192.0.2.61'
      const answers: [number, string][] = []
      for (let i = 0; i < 5; i++) {
        const res = await app.request('/x', fromIp(ip, { 'x-api-key': wellFormedKey(i) }))
        answers.push([res.status, ((await res.json()) as { error: { code: string } }).error.code])
      }
      expect(answers).toEqual([
        [401, 'UNAUTHORIZED'],
        [401, 'UNAUTHORIZED'],
        [401, 'UNAUTHORIZED'],
        [429, 'RATE_LIMITED'],
        [429, 'RATE_LIMITED'],
      ])
      expect((await app.request('/x', fromIp(ip))).status).toBe(429)
      expect((await app.request('/x', fromIp('192.0.2.62'))).status).toBe(200)
    },
  )

  it('counts IPv6 clients by their /64: a new address in the same /64 shares the budget', async () => {
    const app = buildApp('memory', { ms: 17_000_000 })
    const statuses: number[] = []
    for (const ip of [
      '2001:db8:7:7::1',
      '2001:db8:7:7:a:b:c:d',
      '2001:0db8:0007:0007::2',
      '2001:db8:7:7::ffff:3',
    ]) {
      statuses.push((await app.request('/x', fromIp(ip))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await app.request('/x', fromIp('2001:db8:7:8::1'))).status).toBe(200)
  })

  it('still serves a valid key from a client IP that is over its anonymous budget', async () => {
    const app = buildApp('memory', { ms: 15_000_000 })
    const { key } = await createApiKey(store, { companyName: 'Delta-rl' })
    await app.request('/x', fromIp('192.0.2.70', { 'x-api-key': key }))
    for (let i = 0; i < 4; i++)
      await app.request('/x', fromIp('192.0.2.70', { 'x-api-key': wellFormedKey(100 + i) }))
    expect((await app.request('/x', fromIp('192.0.2.70', { 'x-api-key': key }))).status).toBe(200)
  })
})

it('shares database counts between two middleware instances (two processes)', async () => {
  const clock = { ms: 9_000_000 }
  const a = buildApp(store, clock)
  const b = buildApp(store, clock)
  const statuses = [a, b, a, b].map((app) => app.request('/x', fromIp('192.0.2.77')))
  expect((await Promise.all(statuses)).map((r) => r.status).sort()).toEqual([200, 200, 200, 429])
})
