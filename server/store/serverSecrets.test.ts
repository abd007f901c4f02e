import { afterEach, describe, expect, it } from 'vitest'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'
import { getOrCreateServerSecret } from './serverSecrets'

// PostgreSQL runs too when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:55432/postgres).
const targets = getTestStoreTargets(process.env.TEST_DATABASE_URL)

describe.each(targets)('server secrets on $name', (target) => {
  let store: TestStore
  afterEach(async () => {
    await store.destroy()
  })

  it('stores the first generated value and returns it to every later and concurrent caller, after a restart too', async () => {
    store = await openTestStore(target)
    let generated = 0
    const generate = () => `${++generated}`.padStart(64, '0')
    const first = await Promise.all(
      Array.from({ length: 5 }, () => getOrCreateServerSecret(store.db, { name: 'k', generate })),
    )
    expect(new Set(first).size).toBe(1)
    expect(first[0]).toMatch(/^0{63}[1-5]$/)
    store = await store.reopen()
    expect(await getOrCreateServerSecret(store.db, { name: 'k', generate })).toBe(first[0])
    expect(await getOrCreateServerSecret(store.db, { name: 'other', generate: () => 'ff' })).toBe('ff')
  })
})
