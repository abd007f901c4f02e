import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogFields, Logger } from '../logger'
import type { CrossChainProvider, ProviderObservedDeposit } from '../providers/types'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createSeenDeposits, syncCrossTradeStatuses } from './followCrossTrades'

const BTC = -3980891822
const deposit = (
  hash: string,
  overrides: Partial<ProviderObservedDeposit> = {},
): ProviderObservedDeposit => ({
  sourceChainId: BTC,
  destinationChainId: 1,
  originTxHash: hash.repeat(64),
  state: 'INFLIGHT',
  receivedDifferentTokens: false,
  sender: 'bcrt1qsender',
  receiver: '0x00000000000000000000000000000000000000aa',
  tokenIn: '0x0000000000000000000000000000000000000000',
  tokenOut: '0x0000000000000000000000000000000000000000',
  amountIn: 50_000_000n,
  observedAt: new Date('2026-11-30T00:00:00Z'),
  memo: '=:ETH.ETH:0x00000000000000000000000000000000000000aa',
  refundAddress: 'bcrt1qsender',
  ...overrides,
})

/** A provider whose network lists `deposits()` (or fails with `failure`), and which tracks nothing else. */
const networkOf = (deposits: () => ProviderObservedDeposit[]): CrossChainProvider =>
  ({
    id: 'thorchain',
    track: async () => undefined,
    findDeposits: async () => deposits(),
  }) as unknown as CrossChainProvider

const warnings: { msg: string; fields?: LogFields }[] = []
const logger: Logger = {
  debug() {},
  info() {},
  warn: (msg, fields) => warnings.push({ msg, fields }),
  error() {},
  child: () => logger,
}

let store: TestStore
beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
})
afterAll(() => store.destroy())

describe('createSeenDeposits', () => {
  it('holds a deposit as it was added, not once it changed, and forgets the oldest past its capacity', () => {
    const seen = createSeenDeposits(2)
    seen.add(deposit('a'))
    expect(seen.has(deposit('a'))).toBe(true)
    expect(seen.has(deposit('a', { state: 'DELIVERED' }))).toBe(false)
    seen.add(deposit('b'))
    seen.add(deposit('a')) // seen again: the newest
    seen.add(deposit('c'))
    expect([seen.has(deposit('a')), seen.has(deposit('b')), seen.has(deposit('c'))]).toEqual([
      true,
      false,
      true,
    ])
  })
})

describe('syncCrossTradeStatuses: observed deposits', () => {
  it('stores a deposit once while it is unchanged, again when it moves on', async () => {
    let listed = [deposit('1')]
    const params = { store, providers: [networkOf(() => listed)], seenDeposits: createSeenDeposits() }
    expect((await syncCrossTradeStatuses(params)).deposits).toBe(1)
    expect((await syncCrossTradeStatuses(params)).deposits).toBe(0)
    listed = [
      deposit('1', { state: 'DELIVERED', destinationTxHash: `0x${'dd'.repeat(32)}`, amountReceived: 7n }),
    ]
    expect((await syncCrossTradeStatuses(params)).deposits).toBe(1)
    expect((await getCrossTradeByOrigin(store.db, '1'.repeat(64)))?.state).toBe('DELIVERED')
  })

  it('tells the logger of a network that cannot be read, and stores the other networks deposits', async () => {
    warnings.length = 0
    const failing = {
      ...networkOf(() => []),
      id: 'broken',
      findDeposits: async () => {
        throw new Error('midgard down')
      },
    } as CrossChainProvider
    const result = await syncCrossTradeStatuses({
      store,
      providers: [failing, networkOf(() => [deposit('2')])],
      logger,
    })
    expect(result.deposits).toBe(1)
    expect(warnings).toEqual([
      {
        msg: 'observed deposits not stored this round',
        fields: { err: expect.any(Error), provider: 'broken' },
      },
    ])
  })
})
