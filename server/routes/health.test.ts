import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { describe, expect, it } from 'vitest'
import { schema } from '../store/schema'
import { createTestApp } from '../testing/createTestApp'
import { openMemoryStore } from '../testing/openMemoryStore'

/** A store whose embedded database is already closed: every query fails as during an outage. */
async function closedStore() {
  const memory = new PGlite()
  await memory.close()
  return { db: drizzle(memory, { schema }), driver: 'pglite' as const, close: async () => {} }
}

describe('a database outage', () => {
  it('answers 503 UPSTREAM_UNAVAILABLE, not 500, on a route that writes to the store', async () => {
    const { app } = createTestApp({ store: await closedStore() })
    const res = await app.request('/api/register-error', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain_id: 1 }),
    })
    const body = (await res.json()) as { error: { code: string }; message: string }
    expect([res.status, body.error.code, body.message]).toEqual([
      503,
      'UPSTREAM_UNAVAILABLE',
      'The database is unavailable; try again shortly',
    ])
  })

  it('answers 503 for an API key that cannot be checked', async () => {
    const { app } = createTestApp({ store: await closedStore() })
    const res = await app.request('/trade/v1/info/chains', {
      headers: { 'x-api-key': `sk_live_${'a'.repeat(43)}` },
    })
    expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
      503,
      'UPSTREAM_UNAVAILABLE',
    ])
  })

  it('shows in /health as database down', async () => {
    const { app } = createTestApp({ store: await closedStore(), deployments: [] })
    const res = await app.request('/health')
    expect([res.status, await res.json()]).toEqual([
      503,
      { status: 'degraded', database: 'down', chains: [] },
    ])
  })

  it('is not reported while the database answers', async () => {
    const { app } = createTestApp({ store: await openMemoryStore(), deployments: [] })
    const res = await app.request('/health')
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', database: 'ok', chains: [] }])
  })
})
