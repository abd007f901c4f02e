import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  historyAccount,
  historyBtcReceiver,
  historyOther,
  historyUuid,
  seedHistoryRecords,
} from '../testing/seedHistoryRecords'
import { listAddressHistory } from './listAddressHistory'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'

const summary = (rows: Awaited<ReturnType<typeof listAddressHistory>>) =>
  rows.map((r) => [r.kind, r.id, new Date(r.atMs).toISOString()])

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))('listAddressHistory on $name', (target) => {
  let store: TestStore
  beforeAll(async () => {
    store = await openTestStore(target)
    await seedHistoryRecords(store.db)
  })
  afterAll(async () => {
    await store.destroy()
  })

  it("lists an address's swaps, sends and orders on either side in any case, newest first, uuid breaking ties", async () => {
    const rows = await listAddressHistory(store.db, {
      address: historyAccount.toUpperCase().replace('0X', '0x'),
      limit: 100,
    })
    expect(summary(rows)).toEqual([
      ['gasless', historyUuid(7), '2026-01-05T10:00:00.123Z'],
      ['cross', historyUuid(5), '2026-01-04T10:00:00.000Z'],
      ['gasless', historyUuid(6), '2026-01-03T10:00:00.000Z'],
      ['cross', historyUuid(4), '2026-01-02T10:00:00.000Z'],
      ['swap', historyUuid(2), '2026-01-02T10:00:00.000Z'],
      ['swap', historyUuid(1), '2026-01-01T10:00:00.000Z'],
    ])
  })

  it('pages strictly after a cursor, a same-millisecond neighbour and a microsecond time included', async () => {
    const first = await listAddressHistory(store.db, { address: historyAccount, limit: 1 })
    expect(summary(first)).toEqual([['gasless', historyUuid(7), '2026-01-05T10:00:00.123Z']])
    const afterFirst = await listAddressHistory(store.db, {
      address: historyAccount,
      limit: 1,
      after: { atMs: Date.parse('2026-01-05T10:00:00.123Z'), id: historyUuid(7) },
    })
    expect(summary(afterFirst)).toEqual([['cross', historyUuid(5), '2026-01-04T10:00:00.000Z']])
    const afterTie = await listAddressHistory(store.db, {
      address: historyAccount,
      limit: 4,
      after: { atMs: Date.parse('2026-01-02T10:00:00.000Z'), id: historyUuid(4) },
    })
    expect(summary(afterTie)).toEqual([
      ['swap', historyUuid(2), '2026-01-02T10:00:00.000Z'],
      ['swap', historyUuid(1), '2026-01-01T10:00:00.000Z'],
    ])
  })

  it('finds the other party of a swap, a Bitcoin receiver, and nothing for an unknown address', async () => {
    expect(summary(await listAddressHistory(store.db, { address: historyOther, limit: 10 }))).toEqual([
      ['swap', historyUuid(3), '2026-01-03T10:00:00.000Z'],
      ['swap', historyUuid(2), '2026-01-02T10:00:00.000Z'],
    ])
    expect(
      summary(await listAddressHistory(store.db, { address: historyBtcReceiver.toUpperCase(), limit: 10 })),
    ).toEqual([['cross', historyUuid(5), '2026-01-04T10:00:00.000Z']])
    expect(await listAddressHistory(store.db, { address: `0x${'9'.repeat(40)}`, limit: 10 })).toEqual([])
    // another spelling of the address (a CashAddr's prefixed form) finds its records as well
    expect(
      summary(
        await listAddressHistory(store.db, {
          address: `0x${'9'.repeat(40)}`,
          aliases: ['bchreg:none', historyBtcReceiver],
          limit: 10,
        }),
      ),
    ).toEqual(summary(await listAddressHistory(store.db, { address: historyBtcReceiver, limit: 10 })))
  })
})
