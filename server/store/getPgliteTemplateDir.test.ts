import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { listApiKeys } from './apiKeys'
import { getCompanyByName, insertCompany } from './companies'
import { getPgliteTemplateDir, sharedPgliteTemplateRoot } from './getPgliteTemplateDir'
import { openTestStore } from './openTestStore'

describe('the shared PGlite template', () => {
  it('is one directory, migrated and empty, that a test store writing to its copy leaves empty', async () => {
    const dir = await getPgliteTemplateDir()
    expect(await getPgliteTemplateDir()).toBe(dir)
    expect(dir.startsWith(`${sharedPgliteTemplateRoot}/`)).toBe(true)
    expect(dir.endsWith('/db')).toBe(true)
    // no lock left behind: a copy must open as a directory nobody holds
    expect(await readdir(`${dir}/..`)).toEqual(['db'])

    const first = await openTestStore({ name: 'pglite' })
    try {
      await insertCompany(first.db, { name: 'Acme', integratorId: `0x${'ab'.repeat(32)}` })
      expect((await getCompanyByName(first.db, 'Acme'))?.name).toBe('Acme')
      const second = await openTestStore({ name: 'pglite' })
      try {
        expect(await getCompanyByName(second.db, 'Acme')).toBeUndefined()
        expect(await listApiKeys(second.db)).toEqual([])
      } finally {
        await second.destroy()
      }
    } finally {
      await first.destroy()
    }
  })
})
