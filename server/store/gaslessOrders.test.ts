import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { orderToRow } from '../gasless/orderToRow'
import {
  abandonGaslessOrders,
  cancelGaslessOrder,
  claimGaslessOrders,
  getGaslessOrder,
  insertGaslessOrder,
  listChainsWithDueGaslessOrders,
  markGaslessOrderFinal,
  persistSignedGaslessTx,
} from './gaslessOrders'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'
import { gaslessOrders, gaslessRelayerNonces } from './schema'

const order = (nonce: bigint, chainId = 1) =>
  orderToRow({
    chainId,
    order: {
      user: '0x2222222222222222222222222222222222222222',
      receiver: '0x2222222222222222222222222222222222222222',
      srcToken: '0x4444444444444444444444444444444444444444',
      dstToken: '0x5555555555555555555555555555555555555555',
      amountIn: 1_000n,
      fee: 10n,
      amountOutMin: 900n,
      deadline: 1_900_000_000n,
      tradeHash: `0x${'ab'.repeat(32)}`,
    },
    nonce,
    signature: '0x01',
    steps: [],
  })

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))(
  'abandonGaslessOrders on $name',
  (target) => {
    let store: TestStore
    beforeEach(async () => {
      store = await openTestStore(target)
    })
    afterEach(async () => {
      await store.destroy()
    })

    it('cancels an order claimed for a re-quote, not one whose transaction is signed', async () => {
      const first = await insertGaslessOrder(store.db, order(1n))
      const second = await insertGaslessOrder(store.db, order(2n))
      if (!first || !second) throw new Error('not stored')
      const now = new Date()
      const claim = { chainId: 1, worker: 'w', now, leaseUntil: new Date(now.getTime() + 60_000), limit: 2 }
      expect((await claimGaslessOrders(store.db, claim)).map((r) => r.id)).toEqual([first.id, second.id])
      const signed = await persistSignedGaslessTx(store.db, {
        id: second.id,
        worker: 'w',
        chainId: 1,
        relayer: '0xabc',
        readChainNonce: async () => 0,
        quotedAmountOut: 950n,
        feeTaken: 10n,
        sign: async () => ({ signedTx: '0x02', txHash: `0x${'cd'.repeat(32)}` }),
      })
      expect(signed?.nonce).toBe(0)

      const cancelled = await cancelGaslessOrder(store.db, { id: first.id, at: new Date(2_000) })
      expect(cancelled.cancelled).toBe(true)
      expect(cancelled.order).toMatchObject({
        status: 'cancelled',
        canceledAt: new Date(2_000),
        claimedBy: null,
      })
      // the relayer that held it can no longer sign it
      const late = await persistSignedGaslessTx(store.db, {
        id: first.id,
        worker: 'w',
        chainId: 1,
        relayer: '0xabc',
        readChainNonce: async () => 0,
        quotedAmountOut: 950n,
        feeTaken: 10n,
        sign: async () => ({ signedTx: '0x03', txHash: `0x${'ef'.repeat(32)}` }),
      })
      expect(late).toBe(undefined)
      const refused = await cancelGaslessOrder(store.db, { id: second.id, at: new Date(2_000) })
      expect(refused.cancelled).toBe(false)
      expect(refused.order?.status).toBe('processing')
    })

    it('fails pending and processing orders, keeps ended ones, and forgets the relayer nonces', async () => {
      const ids: string[] = []
      for (const nonce of [1n, 2n, 3n]) {
        const row = await insertGaslessOrder(store.db, order(nonce))
        if (!row) throw new Error('not stored')
        ids.push(row.id)
      }
      const [processing, pending, cancelled] = ids as [string, string, string]
      await cancelGaslessOrder(store.db, { id: cancelled, at: new Date(0) })
      const now = new Date()
      const claimed = await claimGaslessOrders(store.db, {
        chainId: 1,
        worker: 'w',
        now,
        leaseUntil: new Date(now.getTime() + 60_000),
        limit: 1,
      })
      expect(claimed.map((r) => r.id)).toEqual([processing])
      await store.db.insert(gaslessRelayerNonces).values({ chainId: 1, address: '0xabc', nextNonce: 7 })

      const at = new Date(1_000)
      expect(
        await abandonGaslessOrders(store.db, { at, failureMsg: 'devnet restarted', chainIds: [1] }),
      ).toBe(2)
      for (const id of [pending, processing]) {
        expect(await getGaslessOrder(store.db, id)).toMatchObject({
          status: 'failed',
          failedAt: at,
          failureMsg: 'devnet restarted',
          claimedBy: null,
        })
      }
      expect((await getGaslessOrder(store.db, cancelled))?.status).toBe('cancelled')
      expect(await store.db.select().from(gaslessRelayerNonces)).toEqual([])
    })

    it('two unconfirmed orders never share a relayer nonce; a final one leaves the history', async () => {
      const ids: string[] = []
      for (const nonce of [1n, 2n, 3n]) {
        const row = await insertGaslessOrder(store.db, order(nonce))
        if (!row) throw new Error('not stored')
        ids.push(row.id)
      }
      const [a, b, c] = ids as [string, string, string]
      const tx = (id: string, hash: string) =>
        store.db
          .update(gaslessOrders)
          .set({ relayer: '0xabc', txNonce: 5, signedTx: '0x02', txHash: hash, status: 'processing' })
          .where(eq(gaslessOrders.id, id))
      await tx(a, '0x0a')
      await expect(tx(b, '0x0b')).rejects.toThrow()
      // a's transaction mined and final (e.g. a devnet restarted from its snapshot reuses the nonce after)
      await store.db
        .update(gaslessOrders)
        .set({ status: 'completed', minedBlockNumber: 9, minedBlockHash: '0x99' })
        .where(eq(gaslessOrders.id, a))
      expect(await markGaslessOrderFinal(store.db, { id: a, blockHash: '0x98', at: new Date(1) })).toBe(false)
      expect(await markGaslessOrderFinal(store.db, { id: a, blockHash: '0x99', at: new Date(1) })).toBe(true)
      await tx(c, '0x0c')
      expect((await getGaslessOrder(store.db, c))?.txNonce).toBe(5)
    })

    it("abandoning marks every order of its chains final: the old chain's transactions are never rechecked", async () => {
      const mined = async (chainId: number) => {
        const row = await insertGaslessOrder(store.db, order(1n, chainId))
        if (!row) throw new Error('not stored')
        await store.db
          .update(gaslessOrders)
          .set({ status: 'completed', minedBlockNumber: 9, minedBlockHash: '0x99' })
          .where(eq(gaslessOrders.id, row.id))
        return row.id
      }
      const on10 = await mined(10)
      const on20 = await mined(20)
      await store.db.insert(gaslessRelayerNonces).values([
        { chainId: 10, address: '0xabc', nextNonce: 7 },
        { chainId: 20, address: '0xabc', nextNonce: 8 },
      ])
      // a mined order not final wakes its chain's relayer (to recheck it)
      expect(await listChainsWithDueGaslessOrders(store.db, new Date())).toEqual([10, 20])
      const at = new Date(1_000)
      // chain 10 restarted from its snapshot; chain 20 resumed its last save, where its relayer rechecks its order
      await abandonGaslessOrders(store.db, { at, failureMsg: 'devnet restarted', chainIds: [10] })
      expect(await getGaslessOrder(store.db, on10)).toMatchObject({ status: 'completed', finalAt: at })
      expect(await getGaslessOrder(store.db, on20)).toMatchObject({ status: 'completed', finalAt: null })
      expect(await listChainsWithDueGaslessOrders(store.db, new Date())).toEqual([20])
      expect(await store.db.select().from(gaslessRelayerNonces)).toEqual([
        { chainId: 20, address: '0xabc', nextNonce: 8 },
      ])
    })

    it('lists the chains a relayer would claim on: due pending orders and lapsed leases, nothing else', async () => {
      const before = new Date(Date.now() - 1)
      const pendingOn10 = await insertGaslessOrder(store.db, order(1n, 10))
      const leasedOn20 = await insertGaslessOrder(store.db, order(1n, 20))
      const cancelledOn30 = await insertGaslessOrder(store.db, order(1n, 30))
      await insertGaslessOrder(store.db, order(2n, 10))
      if (!pendingOn10 || !leasedOn20 || !cancelledOn30) throw new Error('not stored')
      const now = new Date()
      const later = new Date(now.getTime() + 120_000)
      await cancelGaslessOrder(store.db, { id: cancelledOn30.id, at: now })
      const lease = { worker: 'w', now, leaseUntil: new Date(now.getTime() + 60_000), limit: 1 }
      await claimGaslessOrders(store.db, { chainId: 20, ...lease })

      expect((await listChainsWithDueGaslessOrders(store.db, now)).sort()).toEqual([10])
      // a minute on, the lease on chain 20 has lapsed
      expect((await listChainsWithDueGaslessOrders(store.db, later)).sort()).toEqual([10, 20])
      // before the orders were stored, none was due
      expect(await listChainsWithDueGaslessOrders(store.db, before)).toEqual([])
    })

    it('reads due orders through the open-orders index, not the whole table', async () => {
      const plan = await store.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        return tx.execute(
          sql`explain select distinct chain_id from gasless_orders where (status = 'pending' and next_attempt_at <= now()) or (status = 'processing' and lease_until < now())`,
        )
      })
      expect(JSON.stringify(plan)).toContain('gasless_orders_open_idx')
    })
  },
)
