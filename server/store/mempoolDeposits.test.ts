import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCrossTradeByOrigin, recordCrossTradeStatus } from './crossTrades'
import { insertDepositQuote } from './depositQuotes'
import { deleteUnconfirmedDeposit, insertMempoolDeposit, listUnconfirmedDeposits } from './mempoolDeposits'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'
import { recordObservedDeposit } from './recordObservedDeposit'

const BTC = -3980891822
const DOGE = -3143381382
const zero = '0x0000000000000000000000000000000000000000'
const sender = 'bcrt1qmempoolsender'
const receiver = 'nDogeMempoolReceiver'
const memo = `=:DOGE.DOGE:${receiver}:777`
const seenAt = new Date('2026-11-30T22:00:00.250Z')

const sighting = (txid: string) => ({
  originTxHash: txid,
  sourceChainId: BTC,
  destinationChainId: DOGE,
  receivedDifferentTokens: false,
  state: 'PENDING' as const,
  sender,
  receiver,
  tokenIn: zero,
  tokenOut: zero,
  amountIn: 10_000_001n,
  observedAt: seenAt,
  memo,
  refundAddress: sender,
})

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))('mempool deposits on $name', (target) => {
  let store: TestStore
  beforeAll(async () => {
    store = await openTestStore(target)
    await insertDepositQuote(store.db, {
      sourceChainId: BTC,
      memo,
      vault: 'bcrt1qvault',
      amountIn: 10_000_000n,
      expiresAt: new Date('2026-11-30T22:15:00.000Z'),
      sender,
    })
  })
  afterAll(async () => {
    await store.destroy()
  })

  it('stores a sighting once, PENDING with its payment and quote; the network moves the same row on', async () => {
    const txid = 'a1'.repeat(32)
    expect(await insertMempoolDeposit(store.db, 'thorchain', sighting(txid))).toBe(true)
    expect(await insertMempoolDeposit(store.db, 'thorchain', sighting(txid))).toBe(false)
    expect(await getCrossTradeByOrigin(store.db, txid)).toMatchObject({
      state: 'PENDING',
      sender,
      receiver,
      amountIn: 10_000_001n,
      paidAt: seenAt,
      blockTimestamp: seenAt,
      quotedAmountIn: 10_000_000n,
      quoteExpiresAt: new Date('2026-11-30T22:15:00.000Z'),
    })
    expect(
      (await listUnconfirmedDeposits(store.db, { providerId: 'thorchain', sourceChainId: BTC })).map(
        (r) => r.originTxHash,
      ),
    ).toEqual([txid])
    // THORNode writes the txid upper-case and observes it later: the same row, the first sighting's time kept
    const observedAt = new Date('2026-11-30T22:11:00.000Z')
    const row = await recordObservedDeposit(store.db, 'thorchain', {
      ...sighting(txid.toUpperCase()),
      state: 'INFLIGHT',
      observedAt,
    })
    expect(row).toMatchObject({ originTxHash: txid, state: 'INFLIGHT', paidAt: seenAt })
    // a later sighting (the follower's memory lost on a restart) does not move it back
    expect(await insertMempoolDeposit(store.db, 'thorchain', sighting(txid))).toBe(false)
    expect((await getCrossTradeByOrigin(store.db, txid))?.state).toBe('INFLIGHT')
    expect(await listUnconfirmedDeposits(store.db, { providerId: 'thorchain', sourceChainId: BTC })).toEqual(
      [],
    )
    expect(await deleteUnconfirmedDeposit(store.db, { sourceChainId: BTC, originTxHash: txid })).toBe(false)
  })

  it('deletes a sighting the network never observed, and no other trade', async () => {
    const dropped = 'b2'.repeat(32)
    const tracked = 'c3'.repeat(32)
    await insertMempoolDeposit(store.db, 'thorchain', sighting(dropped))
    // a PENDING trade without a payment (an EVM send `info/tx` found before its block was final) is not a sighting
    await recordCrossTradeStatus(store.db, {
      providerId: 'thorchain',
      sourceChainId: BTC,
      destinationChainId: DOGE,
      originTxHash: tracked,
      state: 'PENDING',
      receivedDifferentTokens: false,
    })
    expect(await deleteUnconfirmedDeposit(store.db, { sourceChainId: DOGE, originTxHash: dropped })).toBe(
      false,
    )
    expect(await deleteUnconfirmedDeposit(store.db, { sourceChainId: BTC, originTxHash: tracked })).toBe(
      false,
    )
    expect(
      await deleteUnconfirmedDeposit(store.db, { sourceChainId: BTC, originTxHash: dropped.toUpperCase() }),
    ).toBe(true)
    expect(await getCrossTradeByOrigin(store.db, dropped)).toBeUndefined()
    expect((await getCrossTradeByOrigin(store.db, tracked))?.state).toBe('PENDING')
  })
})
