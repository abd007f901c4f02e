import { afterEach, describe, expect, it } from 'vitest'
import { insertAdoptedToken, listAdoptedTokens } from './adoptedTokens'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'

const targets = getTestStoreTargets(process.env.TEST_DATABASE_URL)
const first = '0x1111111111111111111111111111111111111111'
const second = '0x2222222222222222222222222222222222222222'

describe.each(targets)('adopted tokens on $name', (target) => {
  let store: TestStore
  afterEach(async () => {
    await store.destroy()
  })

  it('keeps each chain address once, checksummed, and lists them again after a reopen', async () => {
    store = await openTestStore(target)
    await insertAdoptedToken(store.db, {
      chainId: 1,
      address: first,
      symbol: 'ONE',
      name: 'One',
      decimals: 18,
    })
    await insertAdoptedToken(store.db, {
      chainId: 1,
      address: first,
      symbol: 'DUP',
      name: 'Dup',
      decimals: 6,
    })
    await insertAdoptedToken(store.db, {
      chainId: 56,
      address: second,
      symbol: 'TWO',
      name: 'Two',
      decimals: 9,
    })
    store = await store.reopen()
    expect(await listAdoptedTokens(store.db)).toEqual([
      { chainId: 1, address: first, symbol: 'ONE', name: 'One', decimals: 18 },
      { chainId: 56, address: second, symbol: 'TWO', name: 'Two', decimals: 9 },
    ])
  })
})
