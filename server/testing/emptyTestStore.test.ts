import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTestStoreTargets, openTestStore, type TestStore } from '../store/openTestStore'
import { gaslessRelayerNonces, watcherCursors } from '../store/schema'
import { emptyTestStore } from './emptyTestStore'

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))('emptyTestStore on $name', (target) => {
  let store: TestStore
  beforeAll(async () => {
    store = await openTestStore(target)
  })
  afterAll(async () => {
    await store?.destroy()
  })

  it('leaves every table empty and the store usable', async () => {
    await store.db.insert(gaslessRelayerNonces).values({ chainId: 1, address: '0x01', nextNonce: 7 })
    await store.db.insert(watcherCursors).values({ chainId: 1, lastBlock: 5 })
    await emptyTestStore(store)
    expect(await store.db.select().from(gaslessRelayerNonces)).toEqual([])
    expect(await store.db.select().from(watcherCursors)).toEqual([])
    await store.db.insert(gaslessRelayerNonces).values({ chainId: 1, address: '0x01', nextNonce: 8 })
    expect((await store.db.select().from(gaslessRelayerNonces)).map((r) => r.nextNonce)).toEqual([8])
  })
})
