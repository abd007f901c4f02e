import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { loadConfig } from '../config'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import {
  BTC_CHAIN_ID,
  BTC_DOGE_OUTBOUND_FEES,
  DOGE_CHAIN_ID,
  startBtcDogeNetwork,
} from '../testing/startBtcDogeNetwork'
import { quoteSwap } from '../thorchain/quoteSwap'
import { syncCrossTradeStatuses } from './followCrossTrades'

const BTC = BTC_CHAIN_ID
const DOGE = DOGE_CHAIN_ID
const zero = '0x0000000000000000000000000000000000000000'
const btcOutboundFee = BTC_DOGE_OUTBOUND_FEES.BTC

type HistoryItem = {
  state: string
  sender: string
  receiver: string
  amountIn: string
  amountOut: string | null
  amountRefunded: string | null
  originTxHash: string
  payment?: {
    kind: string
    paidAmountIn: string
    quotedAmountIn: string | null
    refundAddress: string
    note: string
  }
}

/**
 * Each payment case on the devnet: a deposit built through `swap/cross`, paid by a wallet with less, more, or
 * after the quote's expiry, observed by the liquidity network and stored by the server's follower (no one asks
 * `info/tx`), then read from the history of the paying BTC address and of the DOGE receiver.
 */
describe('under-, over- and late payment of a BTC deposit, as the network settles them', () => {
  let btc: TestUtxoChain
  let doge: TestUtxoChain
  let network: LiquidityNetwork
  let close: () => Promise<void>
  let store: TestStore
  let thorchain: ThorchainProvider
  let app: ReturnType<typeof createTestApp>['app']
  const now = Math.floor(Date.now() / 1000)
  // the network's clock (ms): moved past a quote's expiry for the late payment
  let networkNowMs = now * 1000

  beforeAll(async () => {
    ;({ btc, doge, network, thorchain, close } = await startBtcDogeNetwork({
      networkNowMs: () => networkNowMs,
      providerNowSec: () => now,
    }))
    store = await openTestStore({ name: 'pglite' })
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'deposit-payments-secret-of-32-characters' }),
      store,
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  })
  afterAll(async () => {
    await close?.()
    await store?.destroy()
  })

  /** Quotes and builds a deposit of `amount` sats through the API (so the server keeps what it asked). */
  async function buildDeposit(user: { address: string }, receiver: string, amount: bigint) {
    const query = new URLSearchParams({
      fromTokenAddress: zero,
      toTokenAddress: zero,
      amount: amount.toString(),
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
    const [params] = data.params
    if (params === undefined) throw new Error('no deposit')
    return params
  }

  /** Pays `paid` sats to the vault with the deposit's memo, as a wallet that changed the amount would. */
  async function pay(
    user: Awaited<ReturnType<TestUtxoChain['fundKey']>>,
    deposit: { recipient: string; memo: string },
    paid: bigint,
  ) {
    const [coin] = await btc.rpc.listUnspent(user.address)
    if (coin === undefined) throw new Error('the user has no coin')
    const tx = new btc.node.spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(deposit.recipient, Number(paid))
      .addData(Buffer.from(deposit.memo, 'utf8'))
      .change(user.address)
      .fee(btc.node.spec.feeRateSatPerVbyte * 400)
      .sign(user.key)
    return btc.node.sendRawTransaction(tx.serialize(true))
  }

  /** What the network pays for `paid` sats now (its own quote on its pools), in DOGE base units. */
  const outputFor = (paid: bigint, receiver: string) =>
    BigInt(
      quoteSwap({
        pools: network.pools(),
        from: 'BTC.BTC',
        to: 'DOGE.DOGE',
        amount: paid,
        destination: receiver,
        outboundFeeOf: network.outboundFeeOf,
        now,
        validForSeconds: 900,
      }).expected_amount_out,
    )

  /** Mines the deposit, lets the network settle it, runs one follower round; the address's history. */
  async function settleAndRead(address: string) {
    await btc.node.mineBlock()
    await network.tick()
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    const page = (await (await app.request(`/trade/v1/info/history/${address}`)).json()) as {
      items: HistoryItem[]
    }
    return page.items
  }

  const btcText = (sats: bigint) => `${formatUnits(sats, 8)} BTC`
  const dogeText = (units: bigint) => `${formatUnits(units, 8)} DOGE`

  it('under-paid below the price limit: refunded, the amount and address shown, for both addresses', async () => {
    const user = await btc.fundKey('under-paying user', 50_000_000)
    const receiver = (await doge.fundKey('under-paid receiver', 1_000)).address
    const deposit = await buildDeposit(user, receiver, 10_000_000n)
    const txid = await pay(user, deposit, 9_500_000n)
    const [item, ...rest] = await settleAndRead(user.address)
    expect(rest).toEqual([])
    expect(item).toMatchObject({
      state: 'refunded',
      sender: user.address,
      receiver,
      amountIn: '9500000',
      amountOut: null,
      amountRefunded: (9_500_000n - btcOutboundFee).toString(),
      originTxHash: txid,
      payment: {
        kind: 'underPaid',
        paidAmountIn: '9500000',
        quotedAmountIn: '10000000',
        refundAddress: user.address,
        note: `under-paid: paid ${btcText(9_500_000n)} of ${btcText(10_000_000n)} asked: refunded ${btcText(9_500_000n - btcOutboundFee)} to ${user.address}`,
      },
    })
    expect((await settleAndRead(receiver)).map((i) => i.originTxHash)).toEqual([txid])
    // the transfer status reports the same payment
    const status = (await (await app.request(`/trade/v1/info/tx/${txid}`)).json()) as Record<string, unknown>
    expect(status).toMatchObject({ status: 'FAILED', refunded: true, payment: item?.payment })
  })

  it('over-paid: delivered for the amount paid, exactly what the pools pay for it', async () => {
    const user = await btc.fundKey('over-paying user', 50_000_000)
    const receiver = (await doge.fundKey('over-paid receiver', 1_000)).address
    const deposit = await buildDeposit(user, receiver, 12_000_000n)
    const txid = await pay(user, deposit, 12_600_000n)
    const expected = outputFor(12_600_000n, receiver)
    const [item] = await settleAndRead(receiver)
    expect(item).toMatchObject({
      state: 'delivered',
      originTxHash: txid,
      amountIn: '12600000',
      amountOut: expected.toString(),
      payment: {
        kind: 'overPaid',
        paidAmountIn: '12600000',
        quotedAmountIn: '12000000',
        note: `over-paid: paid ${btcText(12_600_000n)} of ${btcText(12_000_000n)} asked: delivered ${dogeText(expected)} for the amount paid`,
      },
    })
  })

  it('late: paid after the quote expired, swapped at the price of then (the network has no expiry)', async () => {
    const user = await btc.fundKey('late user', 50_000_000)
    const receiver = (await doge.fundKey('late receiver', 1_000)).address
    const deposit = await buildDeposit(user, receiver, 14_000_000n)
    // the network reads the deposit after the quote's expiry
    const txid = await pay(user, deposit, 14_000_000n)
    networkNowMs = (now + 901) * 1000
    const expected = outputFor(14_000_000n, receiver)
    const [item] = await settleAndRead(user.address)
    networkNowMs = now * 1000
    expect(item).toMatchObject({
      state: 'delivered',
      originTxHash: txid,
      amountOut: expected.toString(),
      payment: {
        kind: 'late',
        paidAmountIn: '14000000',
        quotedAmountIn: '14000000',
        note: `late: paid ${btcText(14_000_000n)} after the quote expired at ${new Date((now + 900) * 1000).toISOString()}: swapped at the new price: delivered ${dogeText(expected)}`,
      },
    })
  })

  it('late after the price moved past the limit: refunded, the amount and address shown', async () => {
    const user = await btc.fundKey('late refunded user', 50_000_000)
    const receiver = (await doge.fundKey('late refunded receiver', 1_000)).address
    const deposit = await buildDeposit(user, receiver, 16_000_000n)
    // someone else sells 1 BTC for DOGE meanwhile: the deposit's limit is no longer met
    const whale = await btc.fundKey('whale', 200_000_000)
    const whaleDeposit = await buildDeposit(whale, receiver, 100_000_000n)
    await pay(whale, whaleDeposit, 100_000_000n)
    await settleAndRead(whale.address)
    const txid = await pay(user, deposit, 16_000_000n)
    networkNowMs = (now + 901) * 1000
    const [item] = await settleAndRead(user.address)
    networkNowMs = now * 1000
    const refund = 16_000_000n - btcOutboundFee
    expect(item).toMatchObject({
      state: 'refunded',
      originTxHash: txid,
      amountRefunded: refund.toString(),
      payment: {
        kind: 'late',
        refundAddress: user.address,
        note: `late: paid ${btcText(16_000_000n)} after the quote expired at ${new Date((now + 900) * 1000).toISOString()}: refunded ${btcText(refund)} to ${user.address}`,
      },
    })
  })
})
