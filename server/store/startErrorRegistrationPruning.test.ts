import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertErrorRegistration } from './errorRegistrations'
import { openTestStore, type TestStore } from './openTestStore'
import { errorRegistrations } from './schema'
import { startErrorRegistrationPruning } from './startErrorRegistrationPruning'

let store: TestStore
beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
})
afterAll(async () => {
  await store.destroy()
})

const nowMs = Date.parse('2026-06-30T12:00:00.000Z')

async function insertAt(createdAt: string): Promise<string> {
  const id = await insertErrorRegistration(store.db, { requestId: createdAt })
  await store.db.execute(sql`update ${errorRegistrations} set created_at = ${createdAt} where id = ${id}`)
  return createdAt
}

it('deletes registrations older than the retention at start and keeps the rest', async () => {
  await insertAt('2026-05-01T00:00:00.000Z')
  await insertAt('2026-05-31T11:59:59.999Z')
  await insertAt('2026-05-31T12:00:00.000Z')
  await insertAt('2026-06-30T11:00:00.000Z')
  const pruned: number[] = []
  const pruning = startErrorRegistrationPruning({
    store,
    retentionDays: 30,
    now: () => nowMs,
    onPruned: (deleted) => pruned.push(deleted),
  })
  await pruning.stop()
  const left = await store.db.select({ requestId: errorRegistrations.requestId }).from(errorRegistrations)
  expect(left.map((row) => row.requestId).sort()).toEqual([
    '2026-05-31T12:00:00.000Z',
    '2026-06-30T11:00:00.000Z',
  ])
  expect(pruned).toEqual([2])
  expect(await pruning.runOnce()).toBe(0)
})
