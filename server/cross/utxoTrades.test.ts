import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { loadConfig } from '../config'
import { createTestApp } from '../testing/createTestApp'
import { BTC_CHAIN_ID, DOGE_CHAIN_ID, startBtcDogeNetwork } from '../testing/startBtcDogeNetwork'
import { quoteSwap } from '../thorchain/quoteSwap'

const BTC = BTC_CHAIN_ID
const DOGE = DOGE_CHAIN_ID
const zero = '0x0000000000000000000000000000000000000000'

const balance = async (chain: TestUtxoChain, address: string) =>
  (await chain.rpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

describe('UTXO trades through the API and the devnet liquidity network', () => {
  let btc: TestUtxoChain
  let doge: TestUtxoChain
  let network: LiquidityNetwork
  let close: () => Promise<void>
  let app: ReturnType<typeof createTestApp>['app']
  const now = Math.floor(Date.now() / 1000)
  // the provider's clock: moved past a quote's expiry to see it refused
  let providerNow = now

  beforeAll(async () => {
    const started = await startBtcDogeNetwork({ providerNowSec: () => providerNow })
    ;({ btc, doge, network, close } = started)
    const { thorchain } = started
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'utxo-trades-test-secret-of-32-characters' }),
      // a deposit is looked up before the network observes it and again after: no memory of the first miss
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  })
  afterAll(() => close?.())

  it('BTC to DOGE: the quote, the deposit the wallet signs, the payout of exactly the quote, the status', async () => {
    const user = await btc.fundKey('api btc user', 50_000_000)
    const receiver = (await doge.fundKey('api doge receiver', 100_000_000)).address
    const query = new URLSearchParams({
      fromTokenAddress: zero,
      toTokenAddress: zero,
      amount: '10000000',
      destinationChainId: String(DOGE),
      sender: user.address,
      receiver,
      slippage: '0.01',
    })
    // the network takes no integrator fee: asking for one is refused, not ignored
    const withFee = new URLSearchParams(query)
    withFee.set('feePercentage', '0.01')
    withFee.set('feeReceiver', '0x00000000000000000000000000000000000fee02')
    const refused = await app.request(`/trade/v1/${BTC}/quote/cross?${withFee}`)
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'NO_ROUTE',
        details: {
          reasons: ['No provider takes an integrator fee between these chains: quote without feePercentage'],
        },
      },
    })
    const res = await app.request(`/trade/v1/${BTC}/quote/cross?${query}`)
    expect(res.status).toBe(200)
    const [quote, ...others] = (await res.json()) as {
      dstTrade: { toTokenAmount: string }
      tradeProtocol: string
      to: string
      data: {
        method: string
        params: { recipient: string; amount: { amount: string; decimals: number }; memo: string }[]
      }
      transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
    }[]
    expect(others).toEqual([])
    if (quote === undefined) throw new Error('no quote')
    // the network's own quote for the same trade, computed independently from its pools
    const expected = quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'DOGE.DOGE',
      amount: 10_000_000n,
      destination: receiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now,
      validForSeconds: 900,
    })
    const vault = network.vaultOf('BTC')?.address
    expect(quote.tradeProtocol).toBe('CROSS_CHAIN_THORCHAIN')
    expect(quote.dstTrade.toTokenAmount).toBe(expected.expected_amount_out)
    expect(quote.transactionData).toMatchObject({
      inbound_address: vault,
      memo: expected.memo,
      expected_amount_out: expected.expected_amount_out,
      expiry: now + 900,
      tradeType: 'BTC_TO_NATIVE',
    })
    expect(quote.transactionData.params.minQuote).toBe(
      ((BigInt(expected.expected_amount_out) * 9_900n) / 10_000n).toString(),
    )
    expect(quote.data).toEqual({
      method: 'transfer',
      params: [{ recipient: vault, amount: { amount: '10000000', decimals: 8 }, memo: expected.memo }],
    })

    const post = (transactionData: Record<string, unknown>) =>
      app.request(`/trade/v1/${BTC}/swap/cross`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionData, nativeValue: '0', account: user.address }),
      })
    // a client posts transactionData back with another vault, a zero limit or a 10% affiliate: refused
    for (const tampered of [
      { inbound_address: user.address },
      { memo: `=:DOGE.DOGE:${receiver}:0` },
      { memo: `${String(quote.transactionData.memo)}:aff:1000` },
    ]) {
      const refused = await post({ ...quote.transactionData, ...tampered })
      expect([refused.status, await refused.json()]).toMatchObject([
        400,
        { error: { code: 'QUOTE_TAMPERED' } },
      ])
    }
    const posted = await post(quote.transactionData)
    expect(posted.status).toBe(200)
    const swap = (await posted.json()) as { to: string; data: typeof quote.data }

    // a quote past its expiry (by the provider's clock) is refused, not built
    providerNow = now + 901
    const stale = await post(quote.transactionData)
    providerNow = now
    expect(stale.status).toBe(422)
    expect(await stale.json()).toMatchObject({ error: { code: 'QUOTE_EXPIRED' } })
    expect(swap.to).toBe(vault)
    expect(swap.data).toEqual(quote.data)

    // the wallet pays exactly what the answer says: output 0 to the recipient, the memo in OP_RETURN
    const [{ recipient, amount, memo } = { recipient: '', amount: { amount: '0' }, memo: '' }] =
      swap.data.params
    const [coin] = await btc.rpc.listUnspent(user.address)
    if (coin === undefined) throw new Error('the user has no coin')
    const { spec } = btc.node
    const tx = new spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(recipient, Number(amount.amount))
      .addData(Buffer.from(memo, 'utf8'))
      .change(user.address)
      .fee(spec.feeRateSatPerVbyte * 400)
      .sign(user.key)
    const txid = await btc.node.sendRawTransaction(tx.serialize(true))
    const unseen = await app.request(`/trade/v1/info/tx/${txid}`)
    expect(unseen.status).toBe(404)

    const before = await balance(doge, receiver)
    await btc.node.mineBlock()
    await network.tick()
    await doge.node.mineBlock()
    expect((await balance(doge, receiver)) - before).toBe(BigInt(quote.dstTrade.toTokenAmount))

    const status = await app.request(`/trade/v1/info/tx/${txid}?timestamp=1700000000000`)
    expect(await status.json()).toMatchObject({
      srcTxHash: txid,
      srcChainId: BTC,
      dstChainId: DOGE,
      status: 'DELIVERED',
      amountReceived: quote.dstTrade.toTokenAmount,
      receivedDifferentTokens: false,
      tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
    })
  })

  it('lists the vaults by numeric chain id, the provider, and the utxo flow on the chains it serves', async () => {
    const inbound = await (await app.request('/trade/info/thorchain-inbound-address')).json()
    expect(inbound).toEqual([
      { chain: BTC, address: network.vaultOf('BTC')?.address, halted: false },
      { chain: DOGE, address: network.vaultOf('DOGE')?.address, halted: false },
    ])
    expect(await (await app.request('/info/provider-inbound-address')).json()).toEqual(inbound)
    const providers = (await (await app.request('/v1/info/cross-providers')).json()) as {
      id: string
      chainIds: number[]
    }[]
    expect(providers.map((p) => [p.id, p.chainIds])).toEqual([['thorchain', [BTC, DOGE]]])
    // the app's chain list names the chains the network serves; the compatible object lists EVM chains only
    const list = (await (await app.request('/trade/v1/info/chains?format=list')).json()) as {
      chainId: number
      family: string
      nativeCurrency: { symbol: string; decimals: number }
      flows: { utxo: boolean }
    }[]
    expect(
      list
        .filter((c) => c.family !== 'evm')
        .map((c) => [c.chainId, c.family, c.nativeCurrency.symbol, c.nativeCurrency.decimals, c.flows.utxo]),
    ).toEqual([
      [BTC, 'utxo', 'BTC', 8, true],
      [DOGE, 'utxo', 'DOGE', 8, true],
    ])
    const object = (await (await app.request('/trade/v1/info/chains')).json()) as {
      chains: Record<string, unknown>
    }
    expect(Object.keys(object.chains).filter((id) => Number(id) < 0)).toEqual([])
  })

  it('refuses a Bitcoin mainnet receiver on the devnet, and a trade below the network minimum', async () => {
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({
        fromTokenAddress: zero,
        toTokenAddress: zero,
        amount: '10000000',
        destinationChainId: String(BTC),
        ...extra,
      })
    const mainnet = await app.request(
      `/trade/v1/${DOGE}/quote/cross?${query({ receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })}`,
    )
    expect([
      mainnet.status,
      ((await mainnet.json()) as { error: { details: { param: string } } }).error.details.param,
    ]).toEqual([400, 'receiver'])
    const receiver = (await btc.fundKey('api btc receiver', 1_000)).address
    // 0.1 DOGE is worth less than the outbound fees the network asks four times over
    const small = await app.request(`/trade/v1/${DOGE}/quote/cross?${query({ receiver })}`)
    const body = (await small.json()) as { error: { code: string } }
    expect([small.status, body.error.code]).toEqual([400, 'BELOW_MINIMUM'])
  })
})
