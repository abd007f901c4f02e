import { type Address, getAddress, type Hex, hexToString, isAddressEqual, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type AcrossFiller, createAcrossFiller } from '../../devnet/across/createAcrossFiller'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { loadConfig } from '../config'
import { syncCrossTradeStatuses } from '../cross/followCrossTrades'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import type { CrossChainProvider } from '../providers/types'
import { createTestApp } from '../testing/createTestApp'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { type EthBtcNetwork, startEthBtcNetwork } from '../testing/startEthBtcNetwork'
import { expectClientSuccess, field, type Json } from './clientReads'

/*
 * Replays the cross-chain code paths of the original service's public clients (see "What real clients send and
 * read" in the compatible API reference) on the devnet, unchanged: each request as they send it, each answer
 * read as they read it, every EVM transaction and its approval sent to `map[contractVersion][chain]` from
 * `info/contract-addresses` (they ignore `to`), except where a client checks `to` against the network's
 * inbound vault; then the delivery, as their status polling sees it, of exactly the quoted amount.
 */

const BTC = -3980891822
const ETHEREUM = 1
const ARBITRUM = 42161
const decimalString = /^\d+$/

describe("the original service's clients across chains, unchanged, against the devnet", () => {
  let h: DevnetHarness
  let liquidity: EthBtcNetwork
  let filler: AcrossFiller
  let providers: CrossChainProvider[]
  let app: ReturnType<typeof createTestApp>['app']
  const now = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [ETHEREUM, ARBITRUM] })
    liquidity = await startEthBtcNetwork(h, now)
    filler = createAcrossFiller({ deployments: h.deployments })
    providers = [
      createStargateProvider({ deployments: h.deployments, markets: h.markets }),
      createAcrossProvider({ deployments: h.deployments, markets: h.markets }),
      liquidity.thorchain,
    ]
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'cross-clients-test-secret-of-32-chars' }),
      store: h.store,
      deployments: h.deployments,
      markets: h.markets,
      cross: { providers, thorchain: liquidity.thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  }, 600_000)
  afterAll(async () => {
    await liquidity?.close()
    await h?.stop()
  })

  const get = async (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString()
    const res = await app.request(search === '' ? path : `${path}?${search}`)
    return { status: res.status, body: (await res.json()) as unknown }
  }
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  /** The clients' address map, loaded from the server instead of hard-coded. */
  const addressOf = async (contractVersion: unknown, chainId: number) => {
    const map = expectClientSuccess((await get('/trade/v1/info/contract-addresses')).body)
    const address = field(map[String(contractVersion)], String(chainId))
    if (typeof address !== 'string') throw new Error(`no ${String(contractVersion)} contract on ${chainId}`)
    return getAddress(address)
  }
  /** `quote/cross` as the clients ask it (slippage a fraction, their extras), the offers read as they read them. */
  const quoteCross = async (source: number, query: Record<string, string>) => {
    const { status, body } = await get(`/trade/v1/${source}/quote/cross`, {
      slippage: '0.01',
      uuid: 'undefined',
      timestamp: String(Date.now()),
      ...query,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    if (!Array.isArray(body) || body.length === 0)
      throw new Error('quote/cross must answer a non-empty array')
    return body.map((offer) => {
      const read = expectClientSuccess(offer)
      expect(typeof read.contractVersion).toBe('string')
      expect(typeof read.tradeProtocol).toBe('string')
      const params = field(read.transactionData, 'params')
      for (const key of ['actualQuote', 'minQuote']) expect(field(params, key), key).toMatch(decimalString)
      expect(field(read.dstTrade, 'toTokenAmount')).toMatch(decimalString)
      // one client runs its single-chain parser first: a cross offer must not pass for a single-chain quote
      expect(read.protocol !== undefined && read.gasPrice !== undefined && read.data !== undefined).toBe(
        false,
      )
      return read
    })
  }
  const actualQuoteOf = (offer: Json) =>
    BigInt(String(field(field(offer.transactionData, 'params'), 'actualQuote')))
  /** `POST swap/cross` with the body the clients send. */
  const swapCross = async (source: number, offer: Json, account: string) => {
    const { status, body } = await post(`/trade/v1/${source}/swap/cross`, {
      transactionData: offer.transactionData,
      nativeValue: offer.nativeValue ?? '0',
      account,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const answer = expectClientSuccess(body)
    expect(answer.contractVersion).toBe(offer.contractVersion)
    return answer
  }
  /** Sends as the clients do: to `map[contractVersion][chain]`, `data`, `value: nativeValue`, gas from `estimateGas`. */
  const sendToMap = async (chainId: number, accountIndex: number, answer: Json) => {
    const to = await addressOf(answer.contractVersion, chainId)
    // what the server answers as `to` is that contract: one contract per version and chain
    expect(getAddress(String(answer.to))).toBe(to)
    expect(answer.estimateGas).toMatch(decimalString)
    const wallet = h.walletClient(chainId, accountIndex)
    const hash = await wallet.sendTransaction({
      to,
      data: String(answer.data) as Hex,
      value: BigInt(String(answer.nativeValue)),
      gas: BigInt(String(answer.estimateGas)),
    })
    const receipt = await waitForReceipt(wallet, { hash })
    expect(receipt.status).toBe('success')
    return hash
  }
  /** The clients' approval: the token to `map[contractVersion][chain]`, the spender of every version. */
  const approveToMap = async (chainId: number, accountIndex: number, token: Address, offer: Json) => {
    await h.approve(
      h.walletClient(chainId, accountIndex),
      token,
      await addressOf(offer.contractVersion, chainId),
    )
  }
  /**
   * The clients' status polling: `info/tx/{hash}?timestamp=` until `status` reads DELIVERED in any case (an error
   * answer is read as pending); `move` carries the trade on meanwhile (relayers, fillers, the network's passes).
   */
  const pollUntilDelivered = async (hash: string, move: () => Promise<unknown>) => {
    for (let round = 0; round < 20; round++) {
      await move()
      await syncCrossTradeStatuses({ store: h.store, providers })
      const { body } = await get(`/trade/v1/info/tx/${hash}`, { timestamp: String(Date.now()) })
      const status = String(field(body, 'status')).toLowerCase()
      if (status === 'delivered') return expectClientSuccess(body)
      if (status === 'failed') throw new Error(`the trade failed: ${JSON.stringify(body)}`)
    }
    throw new Error(`${hash} was not delivered`)
  }

  describe('EVM to EVM', () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c11e1')
    const relay = () => relayUntilIdle({ deployments: h.deployments })
    const fill = () => filler.runOnce()

    it.each([
      ['CROSS_CHAIN_STARGATE', 'v2', 3, '1500000000'],
      ['CROSS_CHAIN_ACROSS', 'v3', 4, '800000000'],
    ] as const)(
      "the example app's TradeEVM basic flow, the offer of %s (%s) chosen: USDC approved to and sent to the map's contract, exactly the quote delivered",
      async (protocol, version, accountIndex, amount) => {
        await h.refreshAll()
        const usdc1 = h.token(ETHEREUM, 'USDC').address
        const usdc42161 = h.token(ARBITRUM, 'USDC').address
        const sender = h.account(accountIndex).address
        const offers = await quoteCross(ETHEREUM, {
          fromTokenAddress: usdc1,
          toTokenAddress: usdc42161,
          amount,
          destinationChainId: String(ARBITRUM),
          sender,
          receiver,
        })
        const offer = offers.find((o) => o.tradeProtocol === protocol)
        if (offer === undefined) throw new Error(`no ${protocol} offer`)
        expect(offer.contractVersion).toBe(version)
        await approveToMap(ETHEREUM, accountIndex, usdc1, offer)
        const answer = await swapCross(ETHEREUM, offer, sender)
        const before = await h.balanceOf(ARBITRUM, usdc42161, receiver)
        const hash = await sendToMap(ETHEREUM, accountIndex, answer)
        await pollUntilDelivered(hash, protocol === 'CROSS_CHAIN_STARGATE' ? relay : fill)
        expect((await h.balanceOf(ARBITRUM, usdc42161, receiver)) - before).toBe(actualQuoteOf(offer))
      },
    )

    it("dextrade's cross EVM flow: ETH to USDC on Arbitrum, [0] taken, gas limit from estimateGas, exactly the quote", async () => {
      await h.refreshAll()
      const usdc42161 = h.token(ARBITRUM, 'USDC').address
      const sender = h.account(5).address
      const [best] = await quoteCross(ETHEREUM, {
        fromTokenAddress: zeroAddress,
        toTokenAddress: usdc42161,
        amount: (10n ** 18n).toString(),
        destinationChainId: String(ARBITRUM),
        sender,
        receiver,
        disableEstimate: 'true',
      })
      if (best === undefined) throw new Error('no offer')
      const answer = await swapCross(ETHEREUM, best, sender)
      const before = await h.balanceOf(ARBITRUM, usdc42161, receiver)
      const hash = await sendToMap(ETHEREUM, 5, answer)
      await pollUntilDelivered(hash, async () => {
        await relay()
        await fill()
      })
      expect((await h.balanceOf(ARBITRUM, usdc42161, receiver)) - before).toBe(actualQuoteOf(best))
    })

    it("the example app's advanced flow: cross-select, cross-data, swap/cross, sent to the map's contract", async () => {
      await h.refreshAll()
      const dai = h.token(ETHEREUM, 'DAI').address
      const weth42161 = h.deployment(ARBITRUM).wrappedNative
      const sender = h.account(6).address
      const trade = {
        fromTokenAddress: dai,
        toTokenAddress: weth42161,
        amount: (2_000n * 10n ** 18n).toString(),
        destinationChainId: String(ARBITRUM),
        sender,
        receiver,
      }
      const offer = (await quoteCross(ETHEREUM, trade)).find(
        (o) => o.tradeProtocol === 'CROSS_CHAIN_STARGATE',
      )
      if (offer === undefined) throw new Error('no Stargate offer')
      const [source] = offer.srcTradeList as Json[]
      const [destination] = offer.dstTradeList as Json[]
      if (source === undefined || destination === undefined) throw new Error('no legs listed')
      const selected = await get(`/trade/v1/${ETHEREUM}/quote/cross-select`, {
        ...trade,
        stableAmount: String(source.toTokenAmount),
        tradeProtocol: 'CROSS_CHAIN_STARGATE',
      })
      expect(selected.status).toBe(200)
      const data = await post(`/trade/v1/${ETHEREUM}/quote/cross-data`, {
        transactionData: offer.transactionData,
        nativeFee: offer.nativeFee,
        userSelectedQuoteData: selected.body,
        srcQuoteTxData: source.transactionData,
        dstQuoteTxData: destination.transactionData,
        nativeValue: offer.nativeFee,
        tradeParams: offer.tradeParams,
      })
      expect(data.status).toBe(200)
      const transactionData = expectClientSuccess(data.body)
      const chosen = { ...offer, transactionData, nativeValue: transactionData.nativeValue }
      await approveToMap(ETHEREUM, 6, dai, chosen)
      const answer = await swapCross(ETHEREUM, chosen, sender)
      const before = await h.balanceOf(ARBITRUM, weth42161, receiver)
      const hash = await sendToMap(ETHEREUM, 6, answer)
      await pollUntilDelivered(hash, relay)
      // the chosen legs' quote, paid to the wei
      expect((await h.balanceOf(ARBITRUM, weth42161, receiver)) - before).toBe(actualQuoteOf(chosen))
    })
  })

  describe('to and from Bitcoin', () => {
    const tick = async () => {
      await liquidity.network.tick()
      await liquidity.btc.node.mineBlock()
      await liquidity.network.tick()
    }
    const btcBalance = async (address: string) =>
      (await liquidity.btc.rpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)
    const inboundOf = async (chainId: number) => {
      const { status, body } = await get('/trade/info/thorchain-inbound-address')
      expect(status).toBe(200)
      if (!Array.isArray(body)) throw new Error('the inbound addresses must be an array')
      // matched by number, as the clients do
      const found = body.find((entry) => Number(field(entry, 'chain')) === chainId)
      return String(field(found, 'address'))
    }

    it("Edge's ETH to BTC: the BTC address posted as account, `to` checked against the inbound vault, the memo as data, exactly the quote", async () => {
      await h.refreshAll()
      const receiver = (await liquidity.btc.fundKey('edge eth-btc receiver', 1_000)).address
      const sender = h.account(7).address
      const [offer] = await quoteCross(ETHEREUM, {
        fromTokenAddress: zeroAddress,
        toTokenAddress: zeroAddress,
        amount: (5n * 10n ** 17n).toString(),
        destinationChainId: String(BTC),
        sender,
        receiver,
      })
      if (offer === undefined) throw new Error('no offer')
      expect(offer.tradeProtocol).toBe('CROSS_CHAIN_THORCHAIN')
      const answer = await swapCross(ETHEREUM, offer, receiver)
      const vault = await inboundOf(ETHEREUM)
      expect(isAddressEqual(String(answer.to) as Address, vault as Address)).toBe(true)
      // the memo as the transaction's data (a client hex-encodes the memo unless it starts with 0x)
      expect(hexToString(String(answer.data) as Hex)).toBe(field(offer.transactionData, 'memo'))
      expect(answer.estimateGas).toMatch(decimalString)
      const wallet = h.walletClient(ETHEREUM, 7)
      const hash = await wallet.sendTransaction({
        to: getAddress(String(answer.to)),
        data: String(answer.data) as Hex,
        value: BigInt(String(answer.nativeValue)),
        gas: BigInt(String(answer.estimateGas)),
      })
      expect((await waitForReceipt(wallet, { hash })).status).toBe('success')
      const before = await btcBalance(receiver)
      await pollUntilDelivered(hash, tick)
      expect((await btcBalance(receiver)) - before).toBe(actualQuoteOf(offer))
    })

    it.each([
      ['ETH', 8, (3n * 10n ** 17n).toString()],
      ['USDC', 9, '2000000000'],
    ] as const)(
      '%s to BTC from a client that posts its EVM account: approved to and sent to LiquidityEntry (v4) from the map, exactly the quote',
      async (symbol, accountIndex, amount) => {
        await h.refreshAll()
        const from = symbol === 'ETH' ? zeroAddress : h.token(ETHEREUM, symbol).address
        const receiver = (await liquidity.btc.fundKey(`map ${symbol} to btc receiver`, 1_000)).address
        const sender = h.account(accountIndex).address
        const [offer] = await quoteCross(ETHEREUM, {
          fromTokenAddress: from,
          toTokenAddress: zeroAddress,
          amount,
          destinationChainId: String(BTC),
          sender,
          receiver,
        })
        if (offer === undefined) throw new Error('no offer')
        expect(offer.contractVersion).toBe('v4')
        if (from !== zeroAddress) await approveToMap(ETHEREUM, accountIndex, from, offer)
        const answer = await swapCross(ETHEREUM, offer, sender)
        const before = await btcBalance(receiver)
        const hash = await sendToMap(ETHEREUM, accountIndex, answer)
        await pollUntilDelivered(hash, tick)
        expect((await btcBalance(receiver)) - before).toBe(actualQuoteOf(offer))
      },
    )

    it("the example app's TradeBTC: the transfer's recipient checked against the inbound address, paid with the memo, exactly the quote", async () => {
      const payer = await liquidity.btc.fundKey('trade-btc payer', 20_000_000)
      const receiver = getAddress('0x00000000000000000000000000000000000b7c01')
      const [offer] = await quoteCross(BTC, {
        fromTokenAddress: zeroAddress,
        toTokenAddress: zeroAddress,
        amount: '5000000',
        destinationChainId: String(ETHEREUM),
        sender: payer.address,
        receiver,
      })
      if (offer === undefined) throw new Error('no offer')
      const answer = await swapCross(BTC, offer, payer.address)
      const [transfer] = field(answer.data, 'params') as Json[]
      expect(field(answer.data, 'method')).toBe('transfer')
      expect(field(transfer, 'recipient')).toBe(await inboundOf(BTC))
      const amount = BigInt(String(field(field(transfer, 'amount'), 'amount')))
      const { lib } = liquidity.btc.node.spec
      const [coin] = await liquidity.btc.rpc.listUnspent(payer.address)
      if (coin === undefined) throw new Error('the payer has no coin')
      const tx = new lib.Transaction()
        .from({
          txId: coin.txid,
          outputIndex: coin.vout,
          script: coin.script,
          satoshis: Number(coin.satoshis),
        })
        .to(String(field(transfer, 'recipient')), Number(amount))
        .addData(Buffer.from(String(field(transfer, 'memo')), 'utf8'))
        .change(payer.address)
        .fee(1_000)
        .sign(payer.key)
      const txId = await liquidity.btc.node.sendRawTransaction(tx.serialize(true))
      const before = await h.balanceOf(ETHEREUM, zeroAddress, receiver)
      await pollUntilDelivered(txId, tick)
      expect((await h.balanceOf(ETHEREUM, zeroAddress, receiver)) - before).toBe(actualQuoteOf(offer))
    })
  })
})
