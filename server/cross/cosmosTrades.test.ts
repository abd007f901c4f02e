import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { type Address, formatUnits, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liquidityRouterAbi, liquidityRouterBytecode } from '../../contracts/artifacts/index'
import { deployBytecode } from '../../contracts/deploy/deployBytecode'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { cosmosHubSpec } from '../../devnet/cosmos/cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from '../../devnet/cosmos/createCosmosNode'
import { type CosmosVault, createCosmosVault } from '../../devnet/cosmos/createCosmosVault'
import { serveCosmosRpc } from '../../devnet/cosmos/serveCosmosRpc'
import { devMnemonic } from '../../devnet/devAccounts'
import { createCosmosChainAdapter } from '../../devnet/liquidityNetwork/createCosmosChainAdapter'
import { createEvmChainAdapter } from '../../devnet/liquidityNetwork/createEvmChainAdapter'
import {
  createLiquidityNetwork,
  type LiquidityNetwork,
} from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import { createUtxoChainAdapter } from '../../devnet/liquidityNetwork/createUtxoChainAdapter'
import { createUtxoVault } from '../../devnet/liquidityNetwork/createUtxoVault'
import { devnetOutboundFees, devnetPools, getDevnetEvmVault } from '../../devnet/liquidityNetwork/devnetPools'
import type { NetworkChainAdapter } from '../../devnet/liquidityNetwork/networkChainAdapter'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { type BitcoinRpcClient, createBitcoinRpcClient } from '../../devnet/utxo/createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from '../../devnet/utxo/createUtxoNode'
import { serveUtxoRpc } from '../../devnet/utxo/serveUtxoRpc'
import {
  bitcoinCashSpec,
  bitcoinSpec,
  dogecoinSpec,
  type UtxoChainSpec,
} from '../../devnet/utxo/utxoChainSpecs'
import { loadConfig } from '../config'
import {
  createThorchainProvider,
  type ThorchainProvider,
} from '../providers/thorchain/createThorchainProvider'
import { fromThorUnits, toMemoAddress } from '../providers/thorchain/thorchainAssets'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { createInProcessThornodeClient } from '../testing/createInProcessThornodeClient'
import { createTestApp } from '../testing/createTestApp'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { quoteSwap } from '../thorchain/quoteSwap'
import { syncCrossTradeStatuses } from './followCrossTrades'

const GAIA = -978111860
const BTC = -3980891822
const BCH = -174457306
const DOGE = -3143381382
const zero = '0x0000000000000000000000000000000000000000'
const spec = cosmosHubSpec()
const FEE = { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' }
const firstPort = await allocateTestPorts(5)
const PORTS = {
  cosmos: firstPort,
  btc: firstPort + 1,
  bch: firstPort + 2,
  doge: firstPort + 3,
  anvil: firstPort + 4,
}

interface UtxoChain {
  id: number
  chain: 'BTC' | 'BCH' | 'DOGE'
  node: UtxoNode
  rpc: BitcoinRpcClient
  close: () => Promise<void>
}

interface CrossAnswer {
  dstTrade: { toTokenAmount: string }
  tradeProtocol: string
  transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
}

interface TransferAnswer {
  to: string
  nativeValue: string
  data: {
    method: string
    params: { recipient: string; amount: { amount: string; decimals: number }; memo: string }[]
    messages?: {
      typeUrl: string
      value: { fromAddress: string; toAddress: string; amount: { denom: string; amount: string }[] }
    }[]
  }
}

describe('ATOM trades through the API and the devnet liquidity network', () => {
  let dataDir: string
  let cosmos: CosmosNode
  let cosmosRpc: { url: string; close(): Promise<void> }
  let cosmosVault: CosmosVault
  let utxo: UtxoChain[]
  let anvil: AnvilInstance
  let evmUser: DevClient
  let network: LiquidityNetwork
  let app: ReturnType<typeof createTestApp>['app']
  let store: TestStore
  let thorchain: ThorchainProvider
  let alice: SigningStargateClient
  let aliceAddress: string
  const thorUnitsOf = (uatom: bigint) => uatom * 100n

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cosmos-trades-'))
    cosmos = await createCosmosNode({ spec, blockIntervalMs: 3_600_000 })
    cosmosRpc = await serveCosmosRpc(cosmos, { host: '127.0.0.1', port: PORTS.cosmos })
    cosmosVault = await createCosmosVault(spec, cosmosRpc.url)
    const startUtxo = async (
      id: number,
      chain: UtxoChain['chain'],
      chainSpec: UtxoChainSpec,
      port: number,
    ): Promise<UtxoChain> => {
      const node = await createUtxoNode({ spec: chainSpec, blockIntervalMs: 3_600_000 })
      const server = await serveUtxoRpc(node, { host: '127.0.0.1', port })
      return { id, chain, node, rpc: createBitcoinRpcClient({ url: server.url }), close: server.close }
    }
    utxo = [
      await startUtxo(BTC, 'BTC', bitcoinSpec(), PORTS.btc),
      await startUtxo(BCH, 'BCH', bitcoinCashSpec(), PORTS.bch),
      await startUtxo(DOGE, 'DOGE', dogecoinSpec(), PORTS.doge),
    ]
    anvil = await startAnvil({ chainId: 1, port: PORTS.anvil, host: '127.0.0.1', silent: true })
    evmUser = createDevClient({
      rpcUrl: anvil.rpcUrl,
      chainId: 1,
      account: mnemonicToAccount(devMnemonic, { addressIndex: 1 }),
    })
    const router = await deployBytecode(evmUser, {
      abi: liquidityRouterAbi,
      bytecode: liquidityRouterBytecode,
      args: [],
    })
    const evmVault = getDevnetEvmVault()
    await evmUser.setBalance({ address: evmVault.address, value: 10n ** 24n })

    const chains: NetworkChainAdapter[] = utxo.map((c) =>
      createUtxoChainAdapter({
        chain: c.chain,
        vault: createUtxoVault(c.node.spec, c.rpc),
        rpc: c.rpc,
        outboundFee: devnetOutboundFees[c.chain] ?? 0n,
      }),
    )
    chains.push(
      createCosmosChainAdapter({ vault: cosmosVault, outboundFee: devnetOutboundFees.GAIA ?? 0n }),
      createEvmChainAdapter({
        chain: 'ETH',
        gasAsset: 'ETH.ETH',
        chainId: 1,
        rpcUrl: anvil.rpcUrl,
        router,
        vault: evmVault,
        outboundFee: devnetOutboundFees.ETH ?? 0n,
      }),
    )
    const assets = ['BTC.BTC', 'BCH.BCH', 'DOGE.DOGE', 'GAIA.ATOM', 'ETH.ETH']
    const initialPools = Object.fromEntries(Object.entries(devnetPools).filter(([a]) => assets.includes(a)))
    for (const [index, c] of utxo.entries()) {
      const depth = devnetPools[`${c.chain}.${c.chain}`]?.assetDepth ?? 0n
      await c.node.fund(chains[index]?.vault.address ?? '', Number(depth))
      await c.node.mineBlock()
    }
    const user = await DirectSecp256k1Wallet.fromKey(
      sha256(new TextEncoder().encode('trades alice')),
      'cosmos',
    )
    aliceAddress = (await user.getAccounts())[0]?.address ?? ''
    alice = await SigningStargateClient.connectWithSigner(cosmosRpc.url, user)
    await cosmos.fund(cosmosVault.address, (devnetPools['GAIA.ATOM']?.assetDepth ?? 0n) / 100n)
    await cosmos.fund(aliceAddress, 10_000_000_000n)
    await cosmos.commitBlock()

    network = await createLiquidityNetwork({ chains, initialPools, dataDir })
    await network.tick()
    const client = createInProcessThornodeClient({
      network,
      chains: [
        { chain: 'BTC', blockSeconds: 600 },
        { chain: 'BCH', blockSeconds: 600 },
        { chain: 'DOGE', blockSeconds: 60 },
        { chain: 'GAIA', blockSeconds: 6 },
        { chain: 'ETH', blockSeconds: 12 },
      ],
    })
    thorchain = createThorchainProvider({
      client,
      chainIds: [BTC, BCH, DOGE, GAIA, 1],
      pinnedRouters: new Map([[1, router]]),
    })
    store = await openTestStore({ name: 'pglite' })
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'cosmos-trades-test-secret-of-32-characters' }),
      // chain 1's node is the anvil: swap/cross reads the sender's funds and estimates gas there
      deployments: createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } }),
      store,
      // a deposit is looked up before the network observes it and again after: no memory of the first miss
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest', txMissTtlMs: 0 },
    }).app
  }, 120_000)
  afterAll(async () => {
    alice?.disconnect()
    cosmosVault?.disconnect()
    await cosmos?.stop()
    await cosmosRpc?.close()
    for (const c of utxo ?? []) await c.close()
    await anvil?.stop()
    await store?.destroy()
    await rm(dataDir, { recursive: true, force: true })
  })

  const cosmosAddress = async (seed: string) =>
    (
      await (
        await DirectSecp256k1Wallet.fromKey(sha256(new TextEncoder().encode(seed)), 'cosmos')
      ).getAccounts()
    )[0]?.address ?? ''
  const uatomOf = async (address: string) => BigInt((await alice.getBalance(address, 'uatom')).amount)
  const utxoKey = (c: UtxoChain, seed: string) => {
    const { lib, network: net, addressType } = c.node.spec
    const key = new lib.PrivateKey(createHash('sha256').update(seed).digest('hex'), net)
    return { key, address: key.toAddress(net, addressType).toString() }
  }
  const satsOf = async (c: UtxoChain, address: string) =>
    (await c.rpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

  const quoteCross = async (source: number, params: Record<string, string>) => {
    const query = new URLSearchParams({
      fromTokenAddress: zero,
      toTokenAddress: zero,
      slippage: '0.01',
      ...params,
    })
    return app.request(`/trade/v1/${source}/quote/cross?${query}`)
  }
  const postSwap = async (source: number, quote: CrossAnswer, account: string) => {
    const res = await app.request(`/trade/v1/${source}/swap/cross`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: quote.transactionData, nativeValue: '0', account }),
    })
    expect(res.status).toBe(200)
    return res.json()
  }
  /** The network's own quote for the trade, computed independently from its pools (1e8 units). */
  const networkQuote = (from: string, to: string, amount: bigint, destination: string) =>
    quoteSwap({
      pools: network.pools(),
      from,
      to,
      amount,
      destination,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
  const status = async (hash: string) => (await app.request(`/trade/v1/info/tx/${hash}`)).json()

  /** Quotes ATOM to `destination`, pays the deposit the swap/cross answer describes with cosmjs; the tx hash. */
  async function payAtom(destinationChainId: number, receiver: string, uatom: bigint, toAsset: string) {
    const res = await quoteCross(GAIA, {
      amount: uatom.toString(),
      destinationChainId: String(destinationChainId),
      sender: aliceAddress,
      receiver,
    })
    expect([res.status, res.status === 200 ? '' : await res.text()]).toEqual([200, ''])
    const [quote] = (await res.json()) as CrossAnswer[]
    if (quote === undefined) throw new Error('no quote')
    // a memo writes a CashAddr without its prefix
    const expected = networkQuote('GAIA.ATOM', toAsset, thorUnitsOf(uatom), toMemoAddress(receiver))
    const decimals = toAsset === 'ETH.ETH' ? 18 : 8
    expect(quote.dstTrade.toTokenAmount).toBe(
      fromThorUnits(BigInt(expected.expected_amount_out), decimals).toString(),
    )
    expect(quote.transactionData).toMatchObject({
      inbound_address: cosmosVault.address,
      memo: expected.memo,
      expected_amount_out: expected.expected_amount_out,
      tradeType: 'BTC_TO_NATIVE',
    })
    const swap = (await postSwap(GAIA, quote, aliceAddress)) as TransferAnswer
    expect(swap).toEqual({
      to: cosmosVault.address,
      nativeValue: '0',
      data: {
        method: 'transfer',
        params: [
          {
            recipient: cosmosVault.address,
            amount: { amount: uatom.toString(), decimals: 6 },
            memo: expected.memo,
          },
        ],
        messages: [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: {
              fromAddress: aliceAddress,
              toAddress: cosmosVault.address,
              amount: [{ denom: 'uatom', amount: uatom.toString() }],
            },
          },
        ],
      },
      nativeFee: '0',
      amountOut: quote.dstTrade.toTokenAmount,
      minAmountOut: quote.transactionData.params.minQuote,
      expiresAt: expect.any(Number),
      tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
      contractVersion: expect.any(String),
    })
    // the wallet signs the answer's message and memo as they are
    const signed = await alice.sign(
      aliceAddress,
      swap.data.messages ?? [],
      FEE,
      swap.data.params[0]?.memo ?? '',
    )
    const hash = await alice.broadcastTxSync(TxRaw.encode(signed).finish())
    expect((await app.request(`/trade/v1/info/tx/${hash}`)).status).toBe(404)
    await cosmos.commitBlock()
    await network.tick()
    return { hash, amountOut: BigInt(quote.dstTrade.toTokenAmount) }
  }

  for (const [index, name] of ['BTC', 'BCH', 'DOGE'].entries()) {
    it(`ATOM to ${name}: the deposit of the swap/cross answer pays exactly the quote; info/tx by the Cosmos hash`, async () => {
      const chain = utxo[index]
      if (chain === undefined) throw new Error('no chain')
      const receiver = utxoKey(chain, `trades ${name} receiver`).address
      const before = await satsOf(chain, receiver)
      const { hash, amountOut } = await payAtom(chain.id, receiver, 250_000_000n, `${name}.${name}`)
      await chain.node.mineBlock()
      expect((await satsOf(chain, receiver)) - before).toBe(amountOut)
      expect(await status(hash)).toMatchObject({
        srcTxHash: hash,
        srcChainId: GAIA,
        dstChainId: chain.id,
        status: 'DELIVERED',
        amountReceived: amountOut.toString(),
      })
    }, 60_000)

    it(`${name} to ATOM: the UTXO deposit pays exactly the quote in uatom to a cosmos1 receiver`, async () => {
      const chain = utxo[index]
      if (chain === undefined) throw new Error('no chain')
      const payer = utxoKey(chain, `trades ${name} payer`)
      const amount = name === 'DOGE' ? 100_000_000_000n : name === 'BCH' ? 200_000_000n : 2_000_000n
      await chain.node.fund(payer.address, Number(amount) + 1_000_000)
      await chain.node.mineBlock()
      const bob = await cosmosAddress(`trades bob from ${name}`)
      const res = await quoteCross(chain.id, {
        amount: amount.toString(),
        destinationChainId: String(GAIA),
        sender: payer.address,
        receiver: bob,
      })
      expect(res.status).toBe(200)
      const [quote] = (await res.json()) as CrossAnswer[]
      if (quote === undefined) throw new Error('no quote')
      const expected = networkQuote(`${name}.${name}`, 'GAIA.ATOM', amount, bob)
      expect(expected.memo).toBe(`=:g:${bob}:${(BigInt(expected.expected_amount_out) * 9_900n) / 10_000n}`)
      expect(quote.dstTrade.toTokenAmount).toBe((BigInt(expected.expected_amount_out) / 100n).toString())
      const swap = (await postSwap(chain.id, quote, payer.address)) as TransferAnswer
      const [deposit] = swap.data.params
      if (deposit === undefined) throw new Error('no deposit')
      const [coin] = await chain.rpc.listUnspent(payer.address)
      if (coin === undefined) throw new Error('no coin')
      const { lib } = chain.node.spec
      const tx = new lib.Transaction()
        .from({
          txId: coin.txid,
          outputIndex: coin.vout,
          script: coin.script,
          satoshis: Number(coin.satoshis),
        })
        .to(deposit.recipient, Number(deposit.amount.amount))
        .addData(Buffer.from(deposit.memo, 'utf8'))
        .change(payer.address)
        .fee(chain.node.spec.feeRateSatPerVbyte * 400)
        .sign(payer.key)
      const txid = await chain.node.sendRawTransaction(tx.serialize(true))
      await chain.node.mineBlock()
      await network.tick()
      await cosmos.commitBlock()
      expect(await uatomOf(bob)).toBe(BigInt(quote.dstTrade.toTokenAmount))
      expect(await status(txid)).toMatchObject({
        srcChainId: chain.id,
        dstChainId: GAIA,
        status: 'DELIVERED',
      })
    }, 60_000)
  }

  it('an ATOM deposit is in the history of the cosmos1 sender and of the DOGE receiver, stored by the follower alone', async () => {
    const chain = utxo[2]
    if (chain === undefined) throw new Error('no chain')
    const receiver = utxoKey(chain, 'history DOGE receiver').address
    const { hash, amountOut } = await payAtom(chain.id, receiver, 150_000_000n, 'DOGE.DOGE')
    await syncCrossTradeStatuses({ store, providers: [thorchain] })
    for (const address of [aliceAddress, receiver]) {
      const page = (await (await app.request(`/trade/v1/info/history/${address}`)).json()) as {
        items: { originTxHash: string }[]
      }
      expect(page.items.find((item) => item.originTxHash === hash.toLowerCase())).toMatchObject({
        kind: 'cross',
        state: 'delivered',
        fromChainId: GAIA,
        toChainId: chain.id,
        sender: aliceAddress,
        receiver,
        amountIn: '150000000',
        amountOut: amountOut.toString(),
        payment: {
          kind: 'exact',
          paidAmountIn: '150000000',
          quotedAmountIn: '150000000',
          refundAddress: aliceAddress,
          note: `paid 150 ATOM as quoted: delivered ${formatUnits(amountOut, 8)} DOGE`,
        },
      })
    }
  }, 60_000)

  it('ETH to ATOM: the router deposit of the swap/cross answer pays exactly the quote in uatom', async () => {
    const bob = await cosmosAddress('trades bob from ETH')
    const amount = 10n ** 17n
    const res = await quoteCross(1, {
      amount: amount.toString(),
      destinationChainId: String(GAIA),
      sender: evmUser.account.address,
      receiver: bob,
    })
    expect(res.status).toBe(200)
    const [quote] = (await res.json()) as CrossAnswer[]
    if (quote === undefined) throw new Error('no quote')
    const expected = networkQuote('ETH.ETH', 'GAIA.ATOM', amount / 10n ** 10n, bob)
    expect(quote.dstTrade.toTokenAmount).toBe((BigInt(expected.expected_amount_out) / 100n).toString())
    expect(quote.transactionData).toMatchObject({ memo: expected.memo, tradeType: 'NATIVE_TO_BTC' })
    const swap = (await postSwap(1, quote, evmUser.account.address)) as {
      to: Address
      data: Hex
      nativeValue: string
      estimateGas?: string
    }
    expect(swap.nativeValue).toBe(amount.toString())
    // the router deposit's gas, estimated from the sender +30% as swap/single does; sent with exactly it
    const estimated = await evmUser.estimateGas({
      account: evmUser.account,
      to: swap.to,
      data: swap.data,
      value: amount,
    })
    expect(swap.estimateGas).toBe(((estimated * 130n) / 100n).toString())
    const hash = await evmUser.sendTransaction({
      to: swap.to,
      data: swap.data,
      value: BigInt(swap.nativeValue),
      gas: BigInt(swap.estimateGas ?? '0'),
    })
    expect((await waitForReceipt(evmUser, { hash })).status).toBe('success')
    await network.tick()
    await cosmos.commitBlock()
    expect(await uatomOf(bob)).toBe(BigInt(quote.dstTrade.toTokenAmount))
    expect(await status(hash)).toMatchObject({ srcChainId: 1, dstChainId: GAIA, status: 'DELIVERED' })
  }, 60_000)

  it('ATOM to ETH: the Cosmos deposit pays exactly the quote in wei through the router', async () => {
    const receiver: Address = '0x00000000000000000000000000000000000a7011'
    const { hash, amountOut } = await payAtom(1, receiver, 1_000_000_000n, 'ETH.ETH')
    const payout = network.getInbound(hash)?.outbound
    expect(payout?.status).toBe('sent')
    await waitForReceipt(evmUser, { hash: payout?.payment?.txid as Hex })
    expect(await evmUser.getBalance({ address: receiver })).toBe(amountOut)
    expect(await status(hash)).toMatchObject({ srcChainId: GAIA, dstChainId: 1, status: 'DELIVERED' })
  }, 60_000)

  it('lists the Cosmos vault and the Cosmos Hub among the chains the network serves', async () => {
    const inbound = (await (await app.request('/info/provider-inbound-address')).json()) as {
      chain: number
    }[]
    expect(inbound).toContainEqual({ chain: GAIA, address: cosmosVault.address, halted: false })
    const list = (await (await app.request('/trade/v1/info/chains?format=list')).json()) as {
      chainId: number
      family: string
      nativeCurrency: { symbol: string; decimals: number; address: string }
      flows: { utxo: boolean }
    }[]
    expect(list.find((c) => c.chainId === GAIA)).toMatchObject({
      family: 'cosmos',
      nativeCurrency: { symbol: 'ATOM', decimals: 6, address: zero },
      flows: { utxo: true },
    })
  })

  it.each([
    ['an osmo1 receiver (another chain)', BTC, { receiver: 'osmo', sender: 'btc' }, 'receiver'],
    ['a cosmos1 receiver with a bad checksum', BTC, { receiver: 'badsum', sender: 'btc' }, 'receiver'],
    ['a bcrt1 sender of ATOM', GAIA, { receiver: 'btc', sender: 'btc' }, 'sender'],
  ])('refuses %s with 400 naming the field', async (_, source, who, field) => {
    const btcAddress = utxoKey(utxo[0] as UtxoChain, 'trades refusals').address
    const { data } = fromBech32(aliceAddress, 90)
    const last = aliceAddress.at(-1) === 'q' ? 'p' : 'q'
    const aliases: Record<string, string> = {
      btc: btcAddress,
      osmo: toBech32('osmo', data),
      badsum: `${aliceAddress.slice(0, -1)}${last}`,
    }
    const alias = (value: string) => aliases[value] ?? value
    const res = await quoteCross(source, {
      amount: '100000000',
      destinationChainId: String(source === GAIA ? BTC : GAIA),
      sender: alias(who.sender),
      receiver: alias(who.receiver),
    })
    const body = (await res.json()) as { error: { code: string; details: { param: string } } }
    expect([res.status, body.error.code, body.error.details.param]).toEqual([400, 'INVALID_PARAMS', field])
  })

  it.each([
    [
      'ATOM to a token on Ethereum',
      GAIA,
      1,
      { toTokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    ],
    ['ATOM to Base', GAIA, 8453, {}],
    ['Base to ATOM', 8453, GAIA, {}],
  ])('refuses %s: 400 UNSUPPORTED_DIRECTION', async (_, source, destination, extra) => {
    const res = await quoteCross(source, {
      amount: '100000000',
      destinationChainId: String(destination),
      receiver: destination === GAIA ? aliceAddress : evmUser.account.address,
      ...extra,
    })
    const body = (await res.json()) as { error: { code: string } }
    expect([res.status, body.error.code]).toEqual([400, 'UNSUPPORTED_DIRECTION'])
  })

  it('refuses an ATOM deposit below the network minimum', async () => {
    const res = await quoteCross(GAIA, {
      amount: '1000',
      destinationChainId: String(BTC),
      receiver: utxoKey(utxo[0] as UtxoChain, 'trades small').address,
    })
    const body = (await res.json()) as { error: { code: string } }
    expect([res.status, body.error.code]).toEqual([400, 'BELOW_MINIMUM'])
  })
})
