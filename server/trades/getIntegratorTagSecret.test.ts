import { eq } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { serverSecrets } from '../store/schema'
import { getIntegratorTagSecret, integratorTagSecretName } from './getIntegratorTagSecret'

let store: TestStore | undefined
afterEach(async () => {
  await store?.destroy()
  store = undefined
})

async function storedRows(current: TestStore) {
  return current.db.select().from(serverSecrets).where(eq(serverSecrets.name, integratorTagSecretName))
}

it('generates 32 random bytes once, keeps them in the database and gives them to every store of it', async () => {
  const first = await openTestStore({ name: 'pglite' })
  store = first
  const [a, b] = await Promise.all([
    getIntegratorTagSecret(first, undefined),
    getIntegratorTagSecret(first, undefined),
  ])
  expect(a).toHaveLength(32)
  expect(b).toBe(a)
  const [row] = await storedRows(first)
  expect(row?.value).toBe(Buffer.from(a ?? []).toString('hex'))
  const reopened = await first.reopen()
  store = reopened
  const again = await getIntegratorTagSecret(reopened, undefined)
  expect(again).not.toBe(a)
  expect(again).toEqual(a)
})

it('uses INTEGRATOR_TAG_SECRET when configured and stores nothing', async () => {
  const current = await openTestStore({ name: 'pglite' })
  store = current
  const configured = 'x'.repeat(32)
  const config = loadConfig({ INTEGRATOR_TAG_SECRET: configured })
  expect(await getIntegratorTagSecret(current, config.integratorTagSecret)).toEqual(
    new TextEncoder().encode(configured),
  )
  expect(await storedRows(current)).toEqual([])
})

it('refuses a configured secret shorter than 32 characters without echoing it', () => {
  const attempt = () => loadConfig({ INTEGRATOR_TAG_SECRET: 'x'.repeat(31) })
  expect(attempt).toThrow(
    /^Invalid configuration:\n {2}INTEGRATOR_TAG_SECRET: expected at least 32 characters$/,
  )
})
