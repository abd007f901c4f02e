import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { createUtxoNodeClient } from '../chains/createUtxoNodeClient'
import { loadConfig } from '../config'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import { BTC_CHAIN_ID, DOGE_CHAIN_ID, startBtcDogeNetwork } from '../testing/startBtcDogeNetwork'
import { quoteSwap } from '../thorchain/quoteSwap'
import { syncCrossTradeStatuses } from './followCrossTrades'
import { syncMempoolDeposits } from './syncMempoolDeposits'

const BTC = BTC_CHAIN_ID
const DOGE = DOGE_CHAIN_ID
const zero = '0x0000000000000000000000000000000000000000'

type HistoryItem = {
  state: string
  sender: string
  receiver: string
  amountIn: string
  amountOut: string | null
  originTxHash: string
  createdAt: string
  payment?: {
    kind: string
    paidAmountIn: string
    paidAt: string
    quotedAmountIn: string | null
    note: string
  }
}

/**
 * A BTC deposit on the devnet listed from its broadcast: built through `swap/cross`, paid by a wallet, seen in
 * the BTC node's mempool by the watcher (over the node's JSON-RPC) before any block holds it, then mined, observed
 * and settled by the liquidity network and moved on by the follower: one row from first to last.
 */
describe('a BTC deposit seen in the mempool, then settled by the network', () => {
  let btc: TestUtxoChain
  let doge: TestUtxoChain
  let network: LiquidityNetwork
  let close: () => Promise<void>
  let store: TestStore
  let thorchain: ThorchainProvider
  let app: ReturnType<typeof createTestApp>['app']
  const now = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    ;({ btc, doge, network, thorchain, close } = await startBtcDogeNetwork({ providerNowSec: () => now }))
    store = await openTestStore({ name: 'pglite' })
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'mempool-deposits-secret-of-32-characters' }),
      store,
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  })
  afterAll(async () => {
    await close?.()
    await store?.destroy()
  })

  const history = async (address: string) =>
    ((await (await app.request(`/trade/v1/info/history/${address}`)).json()) as { items: HistoryItem[] })
      .items
  const infoTx = async (txid: string) =>
    (await (await app.request(`/trade/v1/info/tx/${txid}`)).json()) as Record<string, unknown>

  it('is PENDING with its exact amount from its sighting, then delivered in the same row', async () => {
    const user = await btc.fundKey('mempool user', 50_000_000)
    const receiver = (await doge.fundKey('mempool receiver', 1_000)).address
    const query = new URLSearchParams({
      fromTokenAddress: zero,
      toTokenAddress: zero,
      amount: '10000000',
      destinationChainId: String(DOGE),
      sender: user.address,
      receiver,
      slippage: '0.01',
    })
    const [quote] = (await (await app.request(`/trade/v1/${BTC}/quote/cross?${query}`)).json()) as {
      transactionData: Record<string, unknown>
    }[]
    const posted = await app.request(`/trade/v1/${BTC}/swap/cross`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        transactionData: quote?.transactionData,
        nativeValue: '0',
        account: user.address,
      }),
    })
    expect(posted.status).toBe(200)
    const { data } = (await posted.json()) as { data: { params: { recipient: string; memo: string }[] } }
    const deposit = data.params[0]
    if (deposit === undefined) throw new Error('no deposit')
    // the wallet pays it exactly, and no block holds it yet
    const [coin] = await btc.rpc.listUnspent(user.address)
    if (coin === undefined) throw new Error('the user has no coin')
    const txid = await btc.node.sendRawTransaction(
      new btc.node.spec.lib.Transaction()
        .from({
          txId: coin.txid,
          outputIndex: coin.vout,
          script: coin.script,
          satoshis: Number(coin.satoshis),
        })
        .to(deposit.recipient, 10_000_000)
        .addData(Buffer.from(deposit.memo, 'utf8'))
        .change(user.address)
        .fee(btc.node.spec.feeRateSatPerVbyte * 400)
        .sign(user.key)
        .serialize(true),
    )

    // the network reads blocks only: its own round finds nothing, and info/tx knows nothing of it
    await network.tick()
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    expect(await history(user.address)).toEqual([])

    const sightedAt = new Date(now * 1000 + 250)
    const examined = new Map<number, Set<string>>()
    const mempools = {
      store,
      provider: thorchain,
      nodes: [{ chainId: BTC, client: createUtxoNodeClient({ url: btc.url }) }],
      examined,
      now: () => sightedAt.getTime(),
    }
    expect(await syncMempoolDeposits(mempools)).toEqual({ seen: 1, dropped: 0 })
    // read once: the next round stores nothing again
    expect(await syncMempoolDeposits(mempools)).toEqual({ seen: 0, dropped: 0 })
    const payment = {
      kind: 'exact',
      paidAmountIn: '10000000',
      paidAt: sightedAt.toISOString(),
      quotedAmountIn: '10000000',
      quoteExpiresAt: new Date((now + 900) * 1000).toISOString(),
      refundAddress: user.address,
      note: `paid ${formatUnits(10_000_000n, 8)} BTC as quoted: seen in the mempool, waiting for confirmation`,
    }
    const pending = {
      state: 'submitted',
      sender: user.address,
      receiver,
      amountIn: '10000000',
      amountOut: null,
      originTxHash: txid,
      createdAt: sightedAt.toISOString(),
      payment,
    }
    expect(await history(user.address)).toEqual([expect.objectContaining(pending)])
    expect(await history(receiver)).toEqual([expect.objectContaining(pending)])
    expect(await infoTx(txid)).toMatchObject({ srcTxHash: txid, status: 'PENDING', dstTxHash: null, payment })
    // the follower asks the network of an open trade: it does not know it yet, and the trade stays as it is
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    expect(await infoTx(txid)).toMatchObject({ status: 'PENDING', payment })

    // what the pools pay for it before the network swaps it
    const expected = quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'DOGE.DOGE',
      amount: 10_000_000n,
      destination: receiver,
      outboundFeeOf: network.outboundFeeOf,
      now,
      validForSeconds: 900,
    }).expected_amount_out
    await btc.node.mineBlock()
    await network.tick()
    expect(await syncMempoolDeposits(mempools)).toEqual({ seen: 0, dropped: 0 })
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    const items = await history(user.address)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      state: 'delivered',
      originTxHash: txid,
      amountIn: '10000000',
      amountOut: expected,
      // the first sighting stays the payment's time
      createdAt: sightedAt.toISOString(),
      payment: { kind: 'exact', paidAt: sightedAt.toISOString() },
    })
    expect(await infoTx(txid)).toMatchObject({
      status: 'DELIVERED',
      payment: { paidAt: sightedAt.toISOString() },
    })
  })
})
