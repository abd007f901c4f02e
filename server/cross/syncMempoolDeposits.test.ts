import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UtxoNodeClient, UtxoNodeTx } from '../chains/createUtxoNodeClient'
import { AppError } from '../errors'
import { createLogger } from '../logger'
import { getCrossTradeByOrigin, recordCrossTradeStatus } from '../store/crossTrades'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { syncMempoolDeposits, UNCONFIRMED_DROP_AFTER_MS } from './syncMempoolDeposits'

const BTC = -3980891822
const DOGE = -3143381382
const LTC = -33463083
const vault = 'bcrt1qvaultxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
const sender = 'bcrt1qsenderxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
const receiver = 'nReceiverDogeAddressxxxxxxxxxxxxxx'
const memo = `=:DOGE.DOGE:${receiver}:123456`
const t0 = Date.parse('2026-11-30T22:00:00.000Z')

const opReturn = (text: string) =>
  `6a${Buffer.from(text).length.toString(16).padStart(2, '0')}${Buffer.from(text).toString('hex')}`

const funding: UtxoNodeTx = {
  txid: 'f0'.repeat(32),
  confirmations: 3,
  inputs: [],
  outputs: [{ n: 0, satoshis: 50_000_000n, script: '00', address: sender }],
}

/** A deposit spending `funding` with `satoshis` to the vault and the memo. */
const depositTx = (txid: string, satoshis: bigint): UtxoNodeTx => ({
  txid,
  confirmations: 0,
  inputs: [{ txid: funding.txid, vout: 0 }],
  outputs: [
    { n: 0, satoshis, script: '0014', address: vault },
    { n: 1, satoshis: 0n, script: opReturn(memo) },
  ],
})

interface FakeNode {
  mempool: string[]
  known: Map<string, UtxoNodeTx>
  reads: number
  down: boolean
  client: UtxoNodeClient
  broadcast(tx: UtxoNodeTx): void
  /** Leaves the mempool; `mined` keeps it known to the node. */
  remove(txid: string, mined: boolean): void
}

/** A node whose mempool and known transactions the test sets; it counts its `getrawtransaction` reads. */
function fakeNode(): FakeNode {
  const node: FakeNode = {
    mempool: [] as string[],
    known: new Map<string, UtxoNodeTx>([[funding.txid, funding]]),
    reads: 0,
    down: false,
    client: {
      getRawMempool: async () => {
        if (node.down) throw new AppError('UPSTREAM_UNAVAILABLE', 'UTXO node: getrawmempool failed')
        return [...node.mempool]
      },
      getRawTransaction: async (txid: string) => {
        node.reads += 1
        return node.known.get(txid)
      },
    },
    broadcast(tx) {
      node.known.set(tx.txid, tx)
      node.mempool.push(tx.txid)
    },
    remove(txid, mined) {
      node.mempool = node.mempool.filter((id) => id !== txid)
      const tx = node.known.get(txid)
      if (!mined) node.known.delete(txid)
      else if (tx !== undefined) node.known.set(txid, { ...tx, confirmations: 1 })
    },
  }
  return node
}

describe('syncMempoolDeposits', () => {
  let store: TestStore
  // a store per test: one test's sightings are not another's to forget
  beforeEach(async () => {
    store = await openTestStore({ name: 'pglite' })
  })
  afterEach(async () => {
    await store.destroy()
  })

  const provider = {
    id: 'thorchain',
    chainIds: [BTC, DOGE],
    inboundAddresses: async () => [
      { chainId: BTC, address: vault, halted: false },
      { chainId: DOGE, address: 'nVaultDoge', halted: false },
    ],
  }

  it('stores a sighting once, and forgets one replaced or dropped only after the bound, not one mined', async () => {
    const node = fakeNode()
    const examined = new Map<number, Set<string>>()
    let nowMs = t0
    const round = () =>
      syncMempoolDeposits({
        store,
        provider,
        nodes: [{ chainId: BTC, client: node.client }],
        examined,
        now: () => nowMs,
      })
    const dropped = 'd1'.repeat(32)
    const mined = 'e2'.repeat(32)
    node.broadcast(depositTx(dropped, 10_000_000n))
    node.broadcast(depositTx(mined, 20_000_000n))
    node.broadcast({ ...depositTx('a3'.repeat(32), 1n), outputs: [] })
    expect(await round()).toEqual({ seen: 2, dropped: 0 })
    expect(await getCrossTradeByOrigin(store.db, dropped)).toMatchObject({
      state: 'PENDING',
      sender,
      amountIn: 10_000_000n,
      paidAt: new Date(t0),
    })
    // each mempool transaction is read once (three, and the funding transaction of the two deposits)
    expect(node.reads).toBe(5)
    expect(await round()).toEqual({ seen: 0, dropped: 0 })
    expect(node.reads).toBe(5)

    // a replacement (another txid, the same memo) is a new sighting; the replaced one and the mined one leave
    const replacement = 'b4'.repeat(32)
    node.broadcast(depositTx(replacement, 10_000_000n))
    node.remove(dropped, false)
    node.remove(mined, true)
    nowMs = t0 + UNCONFIRMED_DROP_AFTER_MS - 1
    expect(await round()).toEqual({ seen: 1, dropped: 0 })
    nowMs = t0 + UNCONFIRMED_DROP_AFTER_MS
    expect(await round()).toEqual({ seen: 0, dropped: 1 })
    expect(await getCrossTradeByOrigin(store.db, dropped)).toBeUndefined()
    expect((await getCrossTradeByOrigin(store.db, mined))?.state).toBe('PENDING')
    expect((await getCrossTradeByOrigin(store.db, replacement))?.state).toBe('PENDING')
  })

  it("takes the sender from the node's prevout when it gives one, without reading the funding transaction", async () => {
    const node = fakeNode()
    const txid = 'b8'.repeat(32)
    const paid = depositTx(txid, 5_000_000n)
    node.known.delete(funding.txid)
    node.broadcast({ ...paid, inputs: [{ txid: funding.txid, vout: 0, address: 'bcrt1qprevoutsender' }] })
    const round = { store, provider, nodes: [{ chainId: BTC, client: node.client }], examined: new Map() }
    expect(await syncMempoolDeposits({ ...round, now: () => t0 })).toEqual({ seen: 1, dropped: 0 })
    expect(node.reads).toBe(1)
    expect(await getCrossTradeByOrigin(store.db, txid)).toMatchObject({
      sender: 'bcrt1qprevoutsender',
      refundAddress: 'bcrt1qprevoutsender',
    })
  })

  it('forgets no sighting the network has observed meanwhile', async () => {
    const node = fakeNode()
    const txid = 'c5'.repeat(32)
    node.broadcast(depositTx(txid, 30_000_000n))
    const params = {
      store,
      provider,
      nodes: [{ chainId: BTC, client: node.client }],
      examined: new Map<number, Set<string>>(),
    }
    expect(await syncMempoolDeposits({ ...params, now: () => t0 })).toEqual({ seen: 1, dropped: 0 })
    await recordCrossTradeStatus(store.db, {
      providerId: 'thorchain',
      sourceChainId: BTC,
      destinationChainId: DOGE,
      originTxHash: txid.toUpperCase(),
      state: 'INFLIGHT',
      receivedDifferentTokens: false,
    })
    // the node pruned it (no -txindex): still the network's trade
    node.remove(txid, false)
    const later = () => t0 + 2 * UNCONFIRMED_DROP_AFTER_MS
    expect(await syncMempoolDeposits({ ...params, now: later })).toEqual({ seen: 0, dropped: 0 })
    expect((await getCrossTradeByOrigin(store.db, txid))?.state).toBe('INFLIGHT')
  })

  it('reads only chains the network serves, and tells a node that fails without stopping the others', async () => {
    const failing = fakeNode()
    failing.down = true
    const ltc = fakeNode()
    ltc.broadcast(depositTx('f6'.repeat(32), 1_000n))
    const btc = fakeNode()
    btc.broadcast(depositTx('a7'.repeat(32), 40_000_000n))
    const lines: { level: string; msg: string; chainId?: number }[] = []
    const logger = createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line)) })
    const result = await syncMempoolDeposits({
      store,
      provider,
      nodes: [
        { chainId: DOGE, client: failing.client },
        { chainId: LTC, client: ltc.client },
        { chainId: BTC, client: btc.client },
      ],
      examined: new Map(),
      now: () => t0,
      logger,
    })
    expect(result).toEqual({ seen: 1, dropped: 0 })
    expect(ltc.reads).toBe(0)
    expect(lines.map((l) => [l.level, l.msg, l.chainId])).toEqual([
      ['warn', 'mempool not read this round', DOGE],
      ['info', 'deposit seen in the mempool', BTC],
    ])
  })
})
