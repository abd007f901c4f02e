import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createStore } from './createStore'

const adminUrl = process.env.TEST_DATABASE_URL

// Runs where PostgreSQL is available (CI sets TEST_DATABASE_URL); elsewhere it is reported as skipped.
describe.skipIf(adminUrl === undefined || adminUrl === '')('store on PostgreSQL', () => {
  it('survives the server ending an idle pooled connection and answers the next query', async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const name = `test_${randomBytes(6).toString('hex')}`
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(adminUrl ?? '')
    url.pathname = `/${name}`
    const ended: Error[] = []
    const store = await createStore({
      databaseUrl: url.toString(),
      dataDir: '',
      onIdleConnectionError: (error) => ended.push(error),
    })
    try {
      await store.db.execute(sql`select 1`)
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
      expect(terminated.rowCount).toBeGreaterThan(0)
      await expect.poll(() => ended.length, { timeout: 5_000 }).toBeGreaterThan(0)
      expect((ended[0] as Error & { code?: string }).code).toBe('57P01')
      const result = await store.db.execute(sql`select 41 + 1 as answer`)
      expect((result as { rows: unknown[] }).rows).toEqual([{ answer: 42 }])
    } finally {
      await store.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
