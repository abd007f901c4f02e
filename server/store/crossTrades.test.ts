import { afterEach, describe, expect, it } from 'vitest'
import {
  deleteCrossTradesAfterBlock,
  getCrossTradeByOrigin,
  insertDiscoveredCrossTrades,
  listOpenCrossTrades,
  recordCrossTradeStatus,
  touchCrossTrades,
} from './crossTrades'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'

// PostgreSQL runs too when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:55432/postgres).
const targets = getTestStoreTargets(process.env.TEST_DATABASE_URL)

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const sent = (n: number, blockNumber: number) => ({
  providerId: 'stargate',
  sourceChainId: 1,
  destinationChainId: 42161,
  originTxHash: hash(n).toUpperCase().replace('0X', '0x'),
  blockNumber,
  blockHash: hash(1_000 + blockNumber),
  blockTimestamp: new Date('2026-11-23T10:00:00Z'),
  sender: '0x00000000000000000000000000000000000000a1',
  receiver: '0x00000000000000000000000000000000000000b2',
  tokenIn: '0x00000000000000000000000000000000000000c3',
  tokenOut: '0x0000000000000000000000000000000000000000',
  amountIn: 2_500_000_000n,
  feeAmount: 0n,
  txTo: '0x00000000000000000000000000000000000000e5',
  gasUsed: 210_000n,
  gasPrice: 1_000_000_000n,
})

describe.each(targets)('cross-chain trades on $name', (target) => {
  let store: TestStore
  afterEach(async () => {
    await store.destroy()
  })

  it('stores sends once, adds their details to a trade info/tx saw first, and never moves a finished trade back', async () => {
    store = await openTestStore(target)
    await recordCrossTradeStatus(store.db, {
      providerId: 'stargate',
      sourceChainId: 1,
      destinationChainId: 42161,
      originTxHash: hash(2),
      state: 'INFLIGHT',
      receivedDifferentTokens: false,
    })
    expect(await insertDiscoveredCrossTrades(store.db, [sent(1, 10), sent(2, 11)])).toBe(1)
    expect(await insertDiscoveredCrossTrades(store.db, [sent(1, 10)])).toBe(0)
    expect(await getCrossTradeByOrigin(store.db, hash(2))).toMatchObject({
      state: 'INFLIGHT',
      amountIn: 2_500_000_000n,
      blockNumber: 11,
    })
    expect(await getCrossTradeByOrigin(store.db, hash(1))).toMatchObject({
      originTxHash: hash(1),
      state: 'PENDING',
    })

    const delivered = await recordCrossTradeStatus(store.db, {
      providerId: 'stargate',
      sourceChainId: 1,
      destinationChainId: 42161,
      originTxHash: hash(1),
      state: 'FAILED',
      destinationTxHash: hash(99),
      amountReceived: 2_499_000_000n,
      tokenReceived: '0x00000000000000000000000000000000000000d4',
      receivedDifferentTokens: true,
    })
    expect(delivered).toMatchObject({ state: 'FAILED', amountReceived: 2_499_000_000n })
    expect(delivered.finishedAt).toBeInstanceOf(Date)
    const stale = await recordCrossTradeStatus(store.db, {
      providerId: 'stargate',
      sourceChainId: 1,
      destinationChainId: 42161,
      originTxHash: hash(1),
      state: 'INFLIGHT',
      receivedDifferentTokens: false,
    })
    expect(stale).toMatchObject({
      state: 'FAILED',
      destinationTxHash: hash(99),
      receivedDifferentTokens: true,
    })
    expect((await listOpenCrossTrades(store.db, { limit: 10 })).map((t) => t.originTxHash)).toEqual([hash(2)])
  })

  it("the follower's re-check of a recently finished trade moves it: a rolled-back delivery, then a new one", async () => {
    store = await openTestStore(target)
    const status = (state: 'INFLIGHT' | 'DELIVERED', destinationTxHash?: string) => ({
      providerId: 'across',
      sourceChainId: 1,
      destinationChainId: 10,
      originTxHash: hash(7),
      state,
      ...(destinationTxHash === undefined ? {} : { destinationTxHash, amountReceived: 5n }),
      receivedDifferentTokens: false,
    })
    const first = await recordCrossTradeStatus(store.db, status('DELIVERED', hash(70)))
    const finishedAt = first.finishedAt ?? new Date(0)
    const before = new Date(finishedAt.getTime() - 1_000)
    const after = new Date(finishedAt.getTime() + 1_000)
    // the same answer again keeps the time it first finished
    const same = await recordCrossTradeStatus(store.db, status('DELIVERED', hash(70)), {
      recheckFinishedSince: before,
    })
    expect(same.finishedAt?.getTime()).toBe(finishedAt.getTime())
    expect((await listOpenCrossTrades(store.db, { limit: 10 })).length).toBe(0)
    expect((await listOpenCrossTrades(store.db, { limit: 10, finishedSince: before })).length).toBe(1)
    expect((await listOpenCrossTrades(store.db, { limit: 10, finishedSince: after })).length).toBe(0)
    // finished before the re-check window: not moved
    const old = await recordCrossTradeStatus(store.db, status('INFLIGHT'), { recheckFinishedSince: after })
    expect([old.state, old.destinationTxHash]).toEqual(['DELIVERED', hash(70)])
    const reopened = await recordCrossTradeStatus(store.db, status('INFLIGHT'), {
      recheckFinishedSince: before,
    })
    expect([reopened.state, reopened.destinationTxHash, reopened.finishedAt]).toEqual([
      'INFLIGHT',
      null,
      null,
    ])
    const again = await recordCrossTradeStatus(store.db, status('DELIVERED', hash(71)), {
      recheckFinishedSince: before,
    })
    expect([again.state, again.destinationTxHash]).toEqual(['DELIVERED', hash(71)])
  })

  it('lists open trades least recently looked at first, and drops the sends of reorganised blocks', async () => {
    store = await openTestStore(target)
    await insertDiscoveredCrossTrades(store.db, [sent(1, 10), sent(2, 11), sent(3, 12)])
    const first = await listOpenCrossTrades(store.db, { limit: 2 })
    await touchCrossTrades(
      store.db,
      first.map((t) => t.id),
    )
    const next = await listOpenCrossTrades(store.db, { limit: 2 })
    expect(next[0]?.originTxHash).toBe(
      [hash(1), hash(2), hash(3)].find((h) => !first.some((t) => t.originTxHash === h)),
    )
    expect(await deleteCrossTradesAfterBlock(store.db, { chainId: 1, blockNumber: 10 })).toBe(2)
    expect(await getCrossTradeByOrigin(store.db, hash(3))).toBeUndefined()
    expect(await getCrossTradeByOrigin(store.db, hash(1))).toBeDefined()
  })
})
