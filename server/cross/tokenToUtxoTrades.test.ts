import { createHash } from 'node:crypto'
import { type Address, encodeFunctionData, type Hex, parseEventLogs, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liquidityEntryAbi, liquidityRouterAbi } from '../../contracts/artifacts'
import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { BitcoinRpcClient } from '../../devnet/utxo/createBitcoinRpcClient'
import type { UtxoNode } from '../../devnet/utxo/createUtxoNode'
import { loadConfig } from '../config'
import { planPathSteps } from '../providers/stargate/planPathSteps'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { type EthBtcNetwork, startEthBtcNetwork } from '../testing/startEthBtcNetwork'
import { quoteSwap } from '../thorchain/quoteSwap'
import { withRefundAddress } from '../thorchain/withRefundAddress'

const BTC = -3980891822

describe('ERC-20 on Ethereum to BTC through the liquidity entry (devnet chain 1, BTC ledger, the network)', () => {
  let harness: DevnetHarness
  let btcNode: UtxoNode
  let btcRpc: BitcoinRpcClient
  let liquidity: EthBtcNetwork
  let network: LiquidityNetwork
  let thorchain: ThorchainProvider
  let app: ReturnType<typeof createTestApp>['app']
  let store: TestStore
  const now = Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    harness = await startDevnetHarness({ chainIds: [1] })
    liquidity = await startEthBtcNetwork(harness, now)
    ;({ network, thorchain } = liquidity)
    btcNode = liquidity.btc.node
    btcRpc = liquidity.btc.rpc
    store = await openTestStore({ name: 'pglite' })
    app = createTestApp({
      config: loadConfig({ INTEGRATOR_TAG_SECRET: 'token-utxo-test-secret-of-32-characters' }),
      // info/tx records what it tracks: a refund is answered from the store once known
      store,
      deployments: harness.deployments,
      markets: harness.markets,
      cross: { providers: [thorchain], thorchain, addressNetwork: 'regtest' },
    }).app
  }, 300_000)
  afterAll(async () => {
    await store?.destroy()
    await liquidity?.close()
    await harness?.stop()
  })

  it('USDC to BTC: the quote of the origin swap and the network, one transaction, exactly the quote paid', async () => {
    const usdc = harness.token(1, 'USDC')
    const user = harness.walletClient(1, 3)
    const amountIn = 3_000n * 10n ** 6n
    const receiver = new btcNode.spec.lib.PrivateKey(
      createHash('sha256').update('token to btc receiver').digest('hex'),
      btcNode.spec.network,
    )
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
    await harness.refreshAll()
    // independently: the one path USDC -> WETH on the pool snapshot, then the network's own quote of that ETH
    const origin = planPathSteps(harness.markets.get(1), {
      tokenIn: usdc.address,
      tokenOut: harness.deployment(1).wrappedNative,
      amountIn,
    })
    const expected = quoteSwap({
      pools: network.pools(),
      from: 'ETH.ETH',
      to: 'BTC.BTC',
      amount: origin.amountOut / 10n ** 10n,
      destination: receiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now,
      validForSeconds: 900,
    })

    const query = new URLSearchParams({
      fromTokenAddress: usdc.address,
      toTokenAddress: zeroAddress,
      amount: amountIn.toString(),
      destinationChainId: String(BTC),
      sender: user.account.address,
      receiver,
      slippage: '0.01',
    })
    const res = await app.request(`/trade/v1/1/quote/cross?${query}`)
    expect(res.status).toBe(200)
    const [quote, ...others] = (await res.json()) as {
      dstTrade: { toTokenAmount: string }
      transactionData: Record<string, unknown>
    }[]
    expect(others).toEqual([])
    if (quote === undefined) throw new Error('no quote')
    expect(quote.dstTrade.toTokenAmount).toBe(expected.expected_amount_out)
    expect(quote.transactionData.memo).toBe(expected.memo)
    expect(quote.transactionData.nativeAmount).toBe(origin.amountOut.toString())
    expect(quote.transactionData.minNativeOut).toBe(((origin.amountOut * 9_900n) / 10_000n).toString())

    const built = await app.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: quote.transactionData, account: user.account.address }),
    })
    expect(built.status).toBe(200)
    const swap = (await built.json()) as {
      to: Address
      data: Hex
      nativeValue?: string
      approvalAddress?: string
    }
    const entry = harness.deployment(1).liquidityEntry
    expect([swap.to, swap.approvalAddress, swap.nativeValue ?? '0']).toEqual([entry, entry, '0'])

    await harness.approve(user, usdc.address, swap.to, amountIn)
    const usdcBefore = await harness.balanceOf(1, usdc.address, user.account.address)
    const receipt = await harness.sendAndWait(user, { to: swap.to, data: swap.data })
    expect(usdcBefore - (await harness.balanceOf(1, usdc.address, user.account.address))).toBe(amountIn)
    const [deposited] = parseEventLogs({
      abi: liquidityEntryAbi,
      logs: receipt.logs,
      eventName: 'SwapDeposited',
    })
    expect(deposited?.args.nativeAmount).toBe(origin.amountOut)
    // the entry names the sender as the refund address (THORChain refunds the transaction's sender otherwise)
    expect(deposited?.args.memo).toBe(
      withRefundAddress(expected.memo ?? '', user.account.address.toLowerCase()),
    )

    await network.tick()
    await btcNode.mineBlock()
    expect(network.getInbound(receipt.transactionHash)).toMatchObject({
      kind: 'swap',
      inbound: { asset: 'ETH.ETH', amount: origin.amountOut / 10n ** 10n, from: user.account.address },
      outbound: { status: 'sent', to: receiver, amount: BigInt(expected.expected_amount_out) },
    })
    const received = (await btcRpc.listUnspent(receiver)).reduce((sum, coin) => sum + coin.satoshis, 0n)
    expect(received).toBe(BigInt(expected.expected_amount_out))
  }, 120_000)

  it('ETH to BTC refunded by the network: info/tx answers FAILED, refunded, the refund in wei on Ethereum, the chains as they are', async () => {
    const user = harness.walletClient(1, 4)
    const amount = 10n ** 17n
    const receiver = new btcNode.spec.lib.PrivateKey(
      createHash('sha256').update('refunded btc receiver').digest('hex'),
      btcNode.spec.network,
    )
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
    await harness.refreshAll()
    const query = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: zeroAddress,
      amount: amount.toString(),
      destinationChainId: String(BTC),
      sender: user.account.address,
      receiver,
      slippage: '0.01',
    })
    const [quote] = (await (await app.request(`/trade/v1/1/quote/cross?${query}`)).json()) as {
      transactionData: Record<string, unknown>
    }[]
    if (quote === undefined) throw new Error('no quote')
    const built = await app.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: quote.transactionData, account: user.account.address }),
    })
    const swap = (await built.json()) as { to: Address; data: Hex; nativeValue: string }
    expect(built.status).toBe(200)

    // a whale's 30 ETH deposit moves the pool before ours is observed: ours now misses its memo's limit
    const whale = harness.walletClient(1, 5)
    const vault = network.vaultOf('ETH')?.address as Address
    await harness.sendAndWait(whale, {
      to: harness.deployment(1).liquidityRouter as Address,
      value: 30n * 10n ** 18n,
      data: encodeFunctionData({
        abi: liquidityRouterAbi,
        functionName: 'depositWithExpiry',
        args: [vault, zeroAddress, 30n * 10n ** 18n, `=:BTC.BTC:${receiver}`, BigInt(now + 600)],
      }),
    })
    await network.tick()
    const receipt = await harness.sendAndWait(user, {
      to: swap.to,
      data: swap.data,
      value: BigInt(swap.nativeValue),
    })
    const hash = receipt.transactionHash
    const before = await harness.balanceOf(1, zeroAddress, user.account.address)
    await network.tick()
    const inbound = network.getInbound(hash)
    // the network refunds the input less its outbound fee (50,000 of 1e8 units), in ETH, to the sender
    const refundWei = (amount / 10n ** 10n - 50_000n) * 10n ** 10n
    expect(inbound).toMatchObject({
      kind: 'refund',
      outbound: { status: 'sent', asset: 'ETH.ETH', to: user.account.address.toLowerCase() },
    })
    // the refund is sent in the pass; read the balance once it is mined (a loaded node mines it after answering)
    const refundTx = inbound?.outbound?.payment?.txid as Hex
    await harness.deployerClient(1).waitForTransactionReceipt({ hash: refundTx, timeout: 10_000 })
    expect((await harness.balanceOf(1, zeroAddress, user.account.address)) - before).toBe(refundWei)
    const expected = {
      srcTxHash: hash,
      dstTxHash: inbound?.outbound?.payment?.txid,
      srcChainId: 1,
      dstChainId: BTC,
      status: 'FAILED',
      amountReceived: refundWei.toString(),
      tokenReceived: zeroAddress,
      tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
      receivedDifferentTokens: false,
      refunded: true,
    }
    // first asked: THORNode's status of the inbound, recorded; then answered from the store
    for (const round of ['tracked', 'stored']) {
      const answer = (await (await app.request(`/trade/v1/info/tx/${hash}`)).json()) as Record<
        string,
        unknown
      >
      const { providerInfo: _info, ...fields } = answer
      expect(fields, round).toEqual(expected)
      expect(await getCrossTradeByOrigin(store.db, hash), round).toMatchObject({
        state: 'FAILED',
        refunded: true,
        sourceChainId: 1,
        destinationChainId: BTC,
        amountReceived: refundWei,
      })
    }
  }, 120_000)
})
