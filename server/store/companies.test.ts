import { afterEach, describe, expect, it } from 'vitest'
import { getCompanyByPublicId, insertCompany } from './companies'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'

// PostgreSQL runs too when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:55432/postgres).
const targets = getTestStoreTargets(process.env.TEST_DATABASE_URL)

describe.each(targets)('companies on $name', (target) => {
  let store: TestStore
  afterEach(async () => {
    await store.destroy()
  })

  it('finds a company by the first 16 bytes of its integrator id, and refuses a second with the same ones', async () => {
    store = await openTestStore(target)
    const acme = await insertCompany(store.db, {
      name: 'Acme',
      integratorId: `0x${'ab'.repeat(16)}${'01'.repeat(16)}`,
    })
    expect((await getCompanyByPublicId(store.db, `0x${'AB'.repeat(16)}`))?.id).toBe(acme.id)
    expect(await getCompanyByPublicId(store.db, `0x${'ab'.repeat(15)}ac`)).toBeUndefined()
    expect(await getCompanyByPublicId(store.db, `0x${'ab'.repeat(16)}${'01'.repeat(16)}`)).toBeUndefined()
    await expect(
      insertCompany(store.db, { name: 'Copycat', integratorId: `0x${'ab'.repeat(16)}${'02'.repeat(16)}` }),
    ).rejects.toThrow()
  })
})
