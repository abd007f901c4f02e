import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { loadConfig } from '../config'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { createThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import type { ThorchainTxClient, ThornodeClient } from '../providers/thorchain/createThornodeClient'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import {
  BTC_CHAIN_ID,
  BTC_DOGE_OUTBOUND_FEES,
  DOGE_CHAIN_ID,
  MEMO_REGISTRAR_RUNE,
  startBtcDogeNetwork,
} from '../testing/startBtcDogeNetwork'
import { whileNetworkPasses } from '../testing/whileNetworkPasses'
import { quoteSwap } from '../thorchain/quoteSwap'
import { syncCrossTradeStatuses } from './followCrossTrades'

const BTC = BTC_CHAIN_ID
const DOGE = DOGE_CHAIN_ID
const zero = '0x0000000000000000000000000000000000000000'
/** THORChain's native fee, what each registration costs the registrar (0.02 RUNE). */
const NATIVE_FEE = 2_000_000n

const balance = async (chain: TestUtxoChain, address: string) =>
  (await chain.rpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

interface Deposit {
  data: {
    method: string
    params: { recipient: string; amount: { amount: string; decimals: number }; memo: string }[]
    memoless?: { reference: string; memo: string; registrationHash: string }
  }
  amountOut: string
  minAmountOut: string
}

/**
 * Deposits from a wallet that writes no OP_RETURN (THORChain's memoless deposits): the server registers the
 * quote's memo on the devnet's THORChain and asks an amount whose last digits are the registration's reference;
 * the network resolves the payment to that memo and pays the quoted output, once.
 */
describe('BTC deposits paid without a memo, through the API and the devnet liquidity network', () => {
  let btc: TestUtxoChain
  let doge: TestUtxoChain
  let network: LiquidityNetwork
  let thorchain: ThorchainProvider
  let client: ThornodeClient & ThorchainTxClient
  let registrar: string
  let close: () => Promise<void>
  let store: TestStore
  let app: ReturnType<typeof createTestApp>['app']
  const now = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    ;({ btc, doge, network, thorchain, client, registrar, close } = await startBtcDogeNetwork({
      providerNowSec: () => now,
    }))
    store = await openTestStore({ name: 'pglite' })
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'memoless-deposits-secret-of-32-characters' }),
      store,
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  })
  afterAll(async () => {
    await close?.()
    await store?.destroy()
  })

  const quoteQuery = (sender: string, receiver: string, amount: bigint) =>
    new URLSearchParams({
      fromTokenAddress: zero,
      toTokenAddress: zero,
      amount: amount.toString(),
      destinationChainId: String(DOGE),
      sender,
      receiver,
      slippage: '0.01',
    })

  async function quote(sender: string, receiver: string, amount: bigint, on = app) {
    const res = await on.request(`/trade/v1/${BTC}/quote/cross?${quoteQuery(sender, receiver, amount)}`)
    expect(res.status).toBe(200)
    const [offer] = (await res.json()) as {
      memoless: boolean
      transactionData: Record<string, unknown> & { memo: string; params: { minQuote: string } }
    }[]
    if (offer === undefined) throw new Error('no quote')
    return offer
  }

  const postSwap = (transactionData: Record<string, unknown>, account: string, memoless: boolean, on = app) =>
    on.request(`/trade/v1/${BTC}/swap/cross`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData, nativeValue: '0', account, memoless }),
    })

  /** Pays `amount` sats to `to` in one output, change back, no OP_RETURN: what any wallet sends. */
  async function payWithoutMemo(
    user: Awaited<ReturnType<TestUtxoChain['fundKey']>>,
    to: string,
    amount: bigint,
  ) {
    const [coin] = await btc.rpc.listUnspent(user.address)
    if (coin === undefined) throw new Error('the user has no coin')
    const tx = new btc.node.spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(to, Number(amount))
      .change(user.address)
      .fee(btc.node.spec.feeRateSatPerVbyte * 300)
      .sign(user.key)
    expect(tx.outputs.map((output) => output.script.isDataOut())).toEqual([false, false])
    return btc.node.sendRawTransaction(tx.serialize(true))
  }

  /** What the network pays for `paid` sats on its pools now, in DOGE base units. */
  const outputFor = (paid: bigint, receiver: string) =>
    quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'DOGE.DOGE',
      amount: paid,
      destination: receiver,
      outboundFeeOf: network.outboundFeeOf,
      now,
      validForSeconds: 900,
    }).expected_amount_out

  it('registers the memo, asks an amount carrying its reference, and the network pays exactly its quote', async () => {
    const user = await btc.fundKey('memoless user', 50_000_000)
    const receiver = (await doge.fundKey('memoless receiver', 1_000)).address
    const vault = network.vaultOf('BTC')?.address ?? ''
    const offer = await quote(user.address, receiver, 10_000_000n)
    expect(offer.memoless).toBe(true)
    const posted = await whileNetworkPasses(network, postSwap(offer.transactionData, user.address, true))
    expect(posted.status).toBe(200)
    const deposit = (await posted.json()) as Deposit
    const registrationHash = deposit.data.memoless?.registrationHash ?? ''
    // the first registration of the ledger takes reference 00001: the amount is the next one ending in it
    const paid = 10_000_001n
    expect(deposit).toMatchObject({
      data: {
        method: 'transfer',
        params: [{ recipient: vault, amount: { amount: paid.toString(), decimals: 8 }, memo: '' }],
        memoless: { reference: '00001', memo: offer.transactionData.memo, registrationHash },
      },
      amountOut: outputFor(paid, receiver),
      minAmountOut: offer.transactionData.params.minQuote,
    })
    // on THORChain: registered by the server's registrar, which paid the native fee once
    const ledger = network.thorchain
    expect(ledger?.getReferenceByHash(registrationHash)).toEqual({
      asset: 'BTC.BTC',
      memo: offer.transactionData.memo,
      reference: '00001',
      height: ledger?.getTx(registrationHash)?.height,
      registrationHash,
      registeredBy: registrar,
      usedByTxs: [],
    })
    expect(ledger?.getAccount(registrar)).toMatchObject({
      sequence: 1n,
      rune: MEMO_REGISTRAR_RUNE - NATIVE_FEE,
    })
    // the same quote built again reuses the unused registration: same deposit, no second fee
    const again = await whileNetworkPasses(network, postSwap(offer.transactionData, user.address, true))
    expect(((await again.json()) as Deposit).data).toEqual(deposit.data)
    expect(ledger?.getAccount(registrar)?.rune).toBe(MEMO_REGISTRAR_RUNE - NATIVE_FEE)

    const txid = await payWithoutMemo(user, vault, paid)
    const before = await balance(doge, receiver)
    await btc.node.mineBlock()
    await network.tick()
    await doge.node.mineBlock()
    expect((await balance(doge, receiver)) - before).toBe(BigInt(deposit.amountOut))
    // the network read the payment as the registered memo
    expect(network.getInbound(txid)).toMatchObject({
      kind: 'swap',
      inbound: { amount: paid, memo: offer.transactionData.memo },
    })
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    const status = await app.request(`/trade/v1/info/tx/${txid}`)
    expect(await status.json()).toMatchObject({
      srcTxHash: txid,
      status: 'DELIVERED',
      amountReceived: deposit.amountOut,
      payment: { kind: 'exact', paidAmountIn: paid.toString(), quotedAmountIn: paid.toString() },
    })
    expect(ledger?.getReference('BTC.BTC', '00001')?.usedByTxs).toEqual([txid])
  })

  it('refunds a payment naming a spent reference, and one naming none, to their senders', async () => {
    const late = await btc.fundKey('memoless second payer', 50_000_000)
    const stray = await btc.fundKey('memoless stray payer', 50_000_000)
    const vault = network.vaultOf('BTC')?.address ?? ''
    const spentTx = await payWithoutMemo(late, vault, 10_000_001n)
    const strayTx = await payWithoutMemo(stray, vault, 10_000_000n)
    await btc.node.mineBlock()
    await network.tick()
    const fee = BTC_DOGE_OUTBOUND_FEES.BTC
    expect(network.getInbound(spentTx)).toMatchObject({
      kind: 'refund',
      reason: 'memoless: reference 00001 was used 1 times already',
      outbound: { asset: 'BTC.BTC', to: late.address, amount: 10_000_001n - fee, memo: `REFUND:${spentTx}` },
    })
    expect(network.getInbound(strayTx)).toMatchObject({
      kind: 'refund',
      reason: 'memoless: no memo, and no memoless reference in the amount',
      outbound: { to: stray.address, amount: 10_000_000n - fee },
    })
  })

  it('builds from the query too, and refuses memoless where no registrar runs', async () => {
    const user = await btc.fundKey('memoless query user', 50_000_000)
    const receiver = (await doge.fundKey('memoless query receiver', 1_000)).address
    const query = quoteQuery(user.address, receiver, 20_000_000n)
    query.set('memoless', 'true')
    const built = await whileNetworkPasses(network, app.request(`/trade/v1/${BTC}/swap/cross?${query}`))
    expect(built.status).toBe(200)
    const deposit = (await built.json()) as Deposit
    // the second registration: reference 00002
    expect(deposit.data.params[0]?.amount.amount).toBe('20000002')
    expect(deposit.data.memoless?.reference).toBe('00002')
    expect(deposit.amountOut).toBe(outputFor(20_000_002n, receiver))

    const withoutRegistrar = createThorchainProvider({ client, chainIds: [BTC, DOGE], now: () => now })
    const plain = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'memoless-deposits-secret-of-32-characters' }),
      cross: { providers: [withoutRegistrar], thorchain: withoutRegistrar, addressNetwork: 'regtest' },
    }).app
    const offer = await quote(user.address, receiver, 20_000_000n, plain)
    expect(offer.memoless).toBe(false)
    const refused = await postSwap(offer.transactionData, user.address, true, plain)
    expect([refused.status, await refused.json()]).toMatchObject([
      400,
      { error: { code: 'MEMOLESS_UNAVAILABLE', details: { param: 'memoless', provider: 'thorchain' } } },
    ])
    // with the memo, as always
    const withMemo = await postSwap(offer.transactionData, user.address, false, plain)
    expect(((await withMemo.json()) as Deposit).data.params[0]?.memo).toBe(offer.transactionData.memo)
  })
})
