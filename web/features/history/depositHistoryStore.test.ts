import { describe, expect, it } from 'vitest'
import { createSafeStorage } from '../../lib/storage'
import { btcDeposit } from './btcDepositRecord.testing'
import { createDepositHistoryStore, depositHistoryKey } from './depositHistoryStore'

describe('createDepositHistoryStore', () => {
  it('keeps deposits in the storage, one list for every wallet, and tells listeners', () => {
    const map = new Map<string, string>()
    const storage = createSafeStorage(() => ({
      length: 0,
      clear: () => map.clear(),
      key: () => null,
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => map.set(key, value),
      removeItem: (key) => map.delete(key),
    }))
    const store = createDepositHistoryStore(storage)
    let calls = 0
    store.subscribe(() => {
      calls++
    })
    store.upsert(btcDeposit)
    expect(calls).toBe(1)
    expect(JSON.parse(map.get(depositHistoryKey) ?? '')).toEqual([btcDeposit])
    expect(store.read()).toBe(store.read())
    // a reload reads the same list
    expect(createDepositHistoryStore(storage).read()).toEqual([btcDeposit])
  })

  it('works in memory where localStorage throws (a cross-site iframe)', () => {
    const store = createDepositHistoryStore(
      createSafeStorage(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      }),
    )
    store.upsert(btcDeposit)
    store.upsert({ id: btcDeposit.id, status: 'pending', txHash: 'ab'.repeat(32) })
    expect(store.read()).toEqual([{ ...btcDeposit, status: 'pending', txHash: 'ab'.repeat(32) }])
  })
})
