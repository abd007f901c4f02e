import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCrossTradeByOrigin } from './crossTrades'
import { insertDepositQuote } from './depositQuotes'
import { listAddressHistory } from './listAddressHistory'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'
import { recordObservedDeposit } from './recordObservedDeposit'

const BTC = -3980891822
const DOGE = -3143381382
const zero = '0x0000000000000000000000000000000000000000'
const sender = 'bcrt1qdepositsender'
const receiver = 'nDogeDepositReceiver'
const memo = `=:DOGE.DOGE:${receiver}:123456`
const observedAt = new Date('2026-01-01T10:00:00.123Z')

const inFlight = {
  originTxHash: 'AB'.repeat(32),
  sourceChainId: BTC,
  destinationChainId: DOGE,
  receivedDifferentTokens: false,
  state: 'INFLIGHT' as const,
  sender,
  receiver,
  tokenIn: zero,
  tokenOut: zero,
  amountIn: 9_000_000n,
  observedAt,
  memo,
  refundAddress: sender,
}

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))(
  'recordObservedDeposit on $name',
  (target) => {
    let store: TestStore
    beforeAll(async () => {
      store = await openTestStore(target)
    })
    afterAll(async () => {
      await store.destroy()
    })

    it('stores a deposit from its first sighting with what was paid, and the quote its memo names', async () => {
      // an older quote with the same memo on another chain, and an older one on this chain: the newest matches
      await insertDepositQuote(store.db, {
        sourceChainId: DOGE,
        memo,
        vault: 'v',
        amountIn: 1n,
        expiresAt: new Date('2026-01-01T09:00:00.000Z'),
        sender,
      })
      await insertDepositQuote(store.db, {
        sourceChainId: BTC,
        memo,
        vault: 'v',
        amountIn: 5n,
        expiresAt: new Date('2026-01-01T09:00:00.000Z'),
        sender,
      })
      await new Promise((resolve) => setTimeout(resolve, 5))
      await insertDepositQuote(store.db, {
        sourceChainId: BTC,
        memo,
        vault: 'bcrt1qvault',
        amountIn: 10_000_000n,
        expiresAt: new Date('2026-01-01T10:15:00.000Z'),
        sender,
      })
      const row = await recordObservedDeposit(store.db, 'thorchain', inFlight)
      expect(row).toMatchObject({
        providerId: 'thorchain',
        originTxHash: 'ab'.repeat(32),
        state: 'INFLIGHT',
        sender,
        receiver,
        amountIn: 9_000_000n,
        paidAt: observedAt,
        blockTimestamp: observedAt,
        refundAddress: sender,
        quotedAmountIn: 10_000_000n,
        quoteExpiresAt: new Date('2026-01-01T10:15:00.000Z'),
        finishedAt: null,
      })
    })

    it('records the refund of the same deposit, its amount and address, and lists it for both addresses', async () => {
      await recordObservedDeposit(store.db, 'thorchain', {
        ...inFlight,
        state: 'FAILED',
        refunded: true,
        destinationTxHash: 'ef'.repeat(32),
        amountReceived: 8_985_000n,
        refundAddress: 'bcrt1qmemorefund',
        // a later read never moves the first sighting
        observedAt: new Date('2026-01-01T11:00:00.000Z'),
      })
      const row = await getCrossTradeByOrigin(store.db, 'ab'.repeat(32))
      expect(row).toMatchObject({
        state: 'FAILED',
        refunded: true,
        amountReceived: 8_985_000n,
        destinationTxHash: 'ef'.repeat(32),
        refundAddress: 'bcrt1qmemorefund',
        paidAt: observedAt,
        blockTimestamp: observedAt,
      })
      // a later read of the finished deposit changes nothing
      const again = await recordObservedDeposit(store.db, 'thorchain', {
        ...inFlight,
        refundAddress: 'bcrt1qother',
      })
      expect([again.state, again.refundAddress, again.updatedAt]).toEqual([
        'FAILED',
        'bcrt1qmemorefund',
        row?.updatedAt,
      ])
      for (const address of [sender.toUpperCase(), receiver]) {
        const rows = await listAddressHistory(store.db, { address, limit: 10 })
        expect(rows.map((r) => [r.kind, r.id, r.atMs])).toEqual([['cross', row?.id, observedAt.getTime()]])
      }
    })
  },
)
