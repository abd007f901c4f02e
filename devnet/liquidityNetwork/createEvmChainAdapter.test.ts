import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Address, encodeFunctionData, parseEventLogs, stringToHex, zeroAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  liquidityEntryAbi,
  liquidityEntryBytecode,
  liquidityRouterAbi,
  liquidityRouterBytecode,
  testWalletAbi,
  testWalletBytecode,
} from '../../contracts/artifacts/index'
import { deployBytecode } from '../../contracts/deploy/deployBytecode'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { sendContractCall } from '../../contracts/deploy/sendContractTx'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { devMnemonic } from '../devAccounts'
import { type AnvilInstance, startAnvil } from '../startAnvil'
import { type BitcoinRpcClient, createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from '../utxo/createUtxoNode'
import { serveUtxoRpc } from '../utxo/serveUtxoRpc'
import { bitcoinSpec } from '../utxo/utxoChainSpecs'
import { createEvmChainAdapter } from './createEvmChainAdapter'
import { createLiquidityNetwork } from './createLiquidityNetwork'
import { createThornodeApi } from './createThornodeApi'
import { createUtxoChainAdapter } from './createUtxoChainAdapter'
import { createUtxoVault } from './createUtxoVault'
import { getDevnetEvmVault } from './devnetPools'
import type { NetworkChainAdapter } from './networkChainAdapter'

const E8 = 10n ** 8n
const initialPools = {
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'ETH.ETH': { assetDepth: 100n * E8, runeDepth: 60_000n * E8 },
}
const ETH_OUTBOUND_FEE = 50_000n
const gweiRoundedUp = (wei: bigint) => ((wei + 10n ** 9n - 1n) / 10n ** 9n).toString()
const BTC_OUTBOUND_FEE = 15_000n

describe('createEvmChainAdapter (anvil with LiquidityRouter, BTC devnet ledger)', () => {
  let anvil: AnvilInstance
  let user: DevClient
  let router: Address
  let btcNode: UtxoNode
  let btcRpc: BitcoinRpcClient
  let closeBtc: () => Promise<void>
  let dataDir: string
  let eth: NetworkChainAdapter
  let btc: NetworkChainAdapter
  const vault = getDevnetEvmVault()

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'evm-adapter-'))
    anvil = await startAnvil({
      chainId: 1,
      port: await allocateTestPorts(1),
      host: '127.0.0.1',
      silent: true,
    })
    user = createDevClient({
      rpcUrl: anvil.rpcUrl,
      chainId: 1,
      account: mnemonicToAccount(devMnemonic, { addressIndex: 1 }),
    })
    router = await deployBytecode(user, {
      abi: liquidityRouterAbi,
      bytecode: liquidityRouterBytecode,
      args: [],
    })
    await user.setBalance({ address: vault.address, value: 10n ** 24n })
    btcNode = await createUtxoNode({ spec: bitcoinSpec(), blockIntervalMs: 3_600_000 })
    const server = await serveUtxoRpc(btcNode, { host: '127.0.0.1', port: 0 })
    closeBtc = server.close
    btcRpc = createBitcoinRpcClient({ url: server.url })
    const btcVault = createUtxoVault(btcNode.spec, btcRpc)
    await btcNode.fund(btcVault.address, Number(10n * E8))
    await btcNode.mineBlock()
    btc = createUtxoChainAdapter({
      chain: 'BTC',
      vault: btcVault,
      rpc: btcRpc,
      outboundFee: BTC_OUTBOUND_FEE,
    })
    eth = createEvmChainAdapter({
      chain: 'ETH',
      gasAsset: 'ETH.ETH',
      chainId: 1,
      rpcUrl: anvil.rpcUrl,
      router,
      vault,
      outboundFee: ETH_OUTBOUND_FEE,
    })
  }, 60_000)
  afterAll(async () => {
    await closeBtc?.()
    await anvil?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  const btcKey = (seed: string) =>
    new btcNode.spec.lib.PrivateKey(createHash('sha256').update(seed).digest('hex'), btcNode.spec.network)
  const btcReceived = async (address: string) =>
    (await btcRpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

  it('ETH to BTC through the router pays exactly the quote; BTC to ETH is paid by transferOut exactly', async () => {
    const network = await createLiquidityNetwork({ chains: [btc, eth], initialPools, dataDir })
    await network.tick() // both observers start at the tips
    expect(network.vaultOf('ETH')).toEqual({
      address: vault.address,
      router,
      gasRate: gweiRoundedUp(await user.getGasPrice()),
      gasRateUnits: 'gwei',
    })

    const receiver = btcKey('evm adapter btc receiver')
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'ETH.ETH',
      to: 'BTC.BTC',
      amount: E8,
      destination: receiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    // 1 ETH ($3,000) -> 588.18 RUNE -> 4,483,778 sat emitted, less the 15,000 sat outbound fee
    expect(quote.expected_amount_out).toBe('4468778')
    const expiration = BigInt(Math.floor(Date.now() / 1000) + 900)
    const { request } = await user.simulateContract({
      address: router,
      abi: liquidityRouterAbi,
      functionName: 'depositWithExpiry',
      args: [vault.address, zeroAddress, 10n ** 18n, quote.memo ?? '', expiration],
      value: 10n ** 18n,
    })
    const deposited = await sendContractCall(user, request)
    expect(deposited.status).toBe('success')
    const depositHash = deposited.transactionHash
    await network.tick()
    await btcNode.mineBlock()
    expect(network.getInbound(depositHash)).toMatchObject({
      kind: 'swap',
      chain: 'ETH',
      inbound: { asset: 'ETH.ETH', amount: E8, from: user.account.address },
      outbound: { status: 'sent', to: receiver, amount: 4_468_778n },
    })
    expect(await btcReceived(receiver)).toBe(4_468_778n)

    // BTC to ETH: a BTC deposit with a memo to an EVM address, paid out by the vault through transferOut
    const sender = btcKey('evm adapter btc sender')
    const senderAddress = sender.toAddress(btcNode.spec.network, 'witnesspubkeyhash').toString()
    await btcNode.fund(senderAddress, 50_000_000)
    await btcNode.mineBlock()
    const ethReceiver: Address = '0x00000000000000000000000000000000000e7401'
    const back = quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: 10_000_000n,
      destination: ethReceiver,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    // 0.1 BTC into the pools the first swap left -> 2.09373253 ETH after the 0.0005 ETH outbound fee
    expect(back.expected_amount_out).toBe('209373253')
    const [coin] = await btcRpc.listUnspent(senderAddress)
    if (coin === undefined) throw new Error('the sender has no coin')
    const tx = new btcNode.spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(btc.vault.address, 10_000_000)
      .addData(Buffer.from(back.memo ?? '', 'utf8'))
      .change(senderAddress)
      .fee(1_000)
      .sign(sender)
    const btcTxId = await btcNode.sendRawTransaction(tx.serialize(true))
    await btcNode.mineBlock()
    await network.tick()
    const record = network.getInbound(btcTxId)
    expect(record).toMatchObject({
      kind: 'swap',
      outbound: { status: 'sent', to: ethReceiver, amount: 209_373_253n },
    })
    const payout = await waitForReceipt(user, { hash: record?.outbound?.payment?.txid as Address })
    expect(parseEventLogs({ abi: liquidityRouterAbi, logs: payout.logs }).map((l) => l.args)).toEqual([
      {
        vault: vault.address,
        to: ethReceiver,
        asset: zeroAddress,
        amount: 2_093_732_530_000_000_000n,
        memo: `OUT:${btcTxId}`,
      },
    ])
    expect(await user.getBalance({ address: ethReceiver })).toBe(2_093_732_530_000_000_000n)
    await network.stop()
  }, 60_000)

  it('ETH paid to the vault itself with the memo as data is swapped exactly as a router deposit; data that is no memo is refunded', async () => {
    const network = await createLiquidityNetwork({ chains: [btc, eth], initialPools })
    await network.tick()
    const receiver = btcKey('evm adapter vault payment receiver')
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'ETH.ETH',
      to: 'BTC.BTC',
      amount: E8 / 2n,
      destination: receiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const paid = await waitForReceipt(user, {
      hash: await user.sendTransaction({
        to: vault.address,
        value: 5n * 10n ** 17n,
        data: stringToHex(quote.memo ?? ''),
      }),
    })
    // not UTF-8: THORChain reads no memo, and refunds the payment less the outbound fee
    const garbled = await waitForReceipt(user, {
      hash: await user.sendTransaction({ to: vault.address, value: 10n ** 17n, data: '0xff00fe' }),
    })
    await network.tick()
    await btcNode.mineBlock()
    expect(network.getInbound(paid.transactionHash)).toMatchObject({
      kind: 'swap',
      chain: 'ETH',
      inbound: { asset: 'ETH.ETH', amount: E8 / 2n, from: user.account.address, memo: quote.memo },
      outbound: { status: 'sent', to: receiver, amount: BigInt(quote.expected_amount_out) },
    })
    expect(await btcReceived(receiver)).toBe(BigInt(quote.expected_amount_out))
    expect(network.getInbound(garbled.transactionHash)).toMatchObject({
      kind: 'refund',
      inbound: { amount: 10_000_000n, memo: '' },
      outbound: { status: 'sent', to: user.account.address, amount: 10_000_000n - ETH_OUTBOUND_FEE },
    })
  })

  it('a refund of a deposit a contract wallet made through LiquidityEntry goes to the wallet, not to tx.from', async () => {
    const network = await createLiquidityNetwork({ chains: [btc, eth], initialPools })
    await network.tick()
    // native input needs no Aggregator: the entry only keeps its address
    const entry = await deployBytecode(user, {
      abi: liquidityEntryAbi,
      bytecode: liquidityEntryBytecode,
      args: ['0x000000000000000000000000000000000000a66e', router],
    })
    const wallet = await deployBytecode(user, {
      abi: testWalletAbi,
      bytecode: testWalletBytecode,
      args: [user.account.address, true],
    })
    await user.setBalance({ address: wallet, value: 10n ** 18n })
    const receiver = btcKey('evm adapter refund receiver')
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
    const now = BigInt(Math.floor(Date.now() / 1000))
    // a limit no output can meet: the network refunds the inbound
    const memo = `=:BTC.BTC:${receiver}:${10n ** 15n}`
    const call = encodeFunctionData({
      abi: liquidityEntryAbi,
      functionName: 'swapAndDeposit',
      args: [
        {
          tokenIn: zeroAddress,
          amountIn: 10n ** 18n,
          minNativeOut: 0n,
          deadline: now + 900n,
          vault: vault.address,
          memo,
          expiration: now + 900n,
          refundAddress: zeroAddress,
        },
        [],
      ],
    })
    const { request } = await user.simulateContract({
      address: wallet,
      abi: testWalletAbi,
      functionName: 'execute',
      args: [entry, 10n ** 18n, call],
    })
    const deposited = await sendContractCall(user, request)
    expect(deposited.status).toBe('success')
    const [event] = parseEventLogs({ abi: liquidityRouterAbi, logs: deposited.logs, eventName: 'Deposit' })
    expect(event?.args.memo).toBe(`=:BTC.BTC:${receiver}/${wallet.toLowerCase()}:${10n ** 15n}`)
    await network.tick()
    const record = network.getInbound(deposited.transactionHash)
    expect(record).toMatchObject({
      kind: 'refund',
      inbound: { asset: 'ETH.ETH', amount: E8, from: user.account.address },
      outbound: { status: 'sent', to: wallet.toLowerCase(), amount: E8 - ETH_OUTBOUND_FEE },
    })
    await waitForReceipt(user, { hash: record?.outbound?.payment?.txid as Address })
    expect(await user.getBalance({ address: wallet })).toBe((E8 - ETH_OUTBOUND_FEE) * 10n ** 10n)
    await network.stop()
  }, 60_000)

  it("gas_rate and recommended_gas_rate follow the chain's gas price, in gwei rounded up", async () => {
    const network = await createLiquidityNetwork({ chains: [btc, eth], initialPools })
    await user.request({
      method: 'anvil_setNextBlockBaseFeePerGas',
      params: [`0x${(37n * 10n ** 9n).toString(16)}`],
    })
    await user.mine({ blocks: 1 })
    await network.tick()
    const gasPrice = await user.getGasPrice()
    // the next block's base fee (37 gwei less 12.5% for an empty block) and the tip: far from the old fixed 1 gwei
    expect(gasPrice).toBeGreaterThan(30n * 10n ** 9n)
    const thornode = createThornodeApi({
      network,
      chains: [{ chain: 'ETH', blockSeconds: 12 }],
      now: () => 0,
    })
    const inbound = (await (await thornode.request('/thorchain/inbound_addresses')).json()) as {
      gas_rate: string
    }[]
    expect(inbound.map((a) => a.gas_rate)).toEqual([gweiRoundedUp(gasPrice)])
    const quote = await thornode.request(
      `/thorchain/quote/swap?from_asset=ETH.ETH&to_asset=BTC.BTC&amount=${E8}&destination=bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080`,
    )
    expect(((await quote.json()) as { recommended_gas_rate: string }).recommended_gas_rate).toBe(
      gweiRoundedUp(gasPrice),
    )
    await network.stop()
  })

  it('a restart between signing and broadcasting the transferOut pays once, with the same transaction', async () => {
    const flakyEth: NetworkChainAdapter = {
      ...eth,
      broadcast: () => Promise.reject(new Error('connection reset')),
    }
    const crashing = await createLiquidityNetwork({ chains: [btc, flakyEth], initialPools, dataDir })
    await crashing.tick()
    const sender = btcKey('evm adapter restart sender')
    const senderAddress = sender.toAddress(btcNode.spec.network, 'witnesspubkeyhash').toString()
    await btcNode.fund(senderAddress, 20_000_000)
    await btcNode.mineBlock()
    const ethReceiver: Address = '0x00000000000000000000000000000000000e7402'
    const quote = quoteSwap({
      pools: crashing.pools(),
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: 5_000_000n,
      destination: ethReceiver,
      outboundFeeOf: crashing.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const [coin] = await btcRpc.listUnspent(senderAddress)
    if (coin === undefined) throw new Error('the sender has no coin')
    const tx = new btcNode.spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(btc.vault.address, 5_000_000)
      .addData(Buffer.from(quote.memo ?? '', 'utf8'))
      .change(senderAddress)
      .fee(1_000)
      .sign(sender)
    const btcTxId = await btcNode.sendRawTransaction(tx.serialize(true))
    await btcNode.mineBlock()
    await crashing.tick()
    const signed = crashing.getInbound(btcTxId)?.outbound
    expect(signed?.status).toBe('signed')
    await crashing.stop()

    const restarted = await createLiquidityNetwork({ chains: [btc, eth], initialPools, dataDir })
    await restarted.tick()
    await restarted.tick()
    expect(restarted.getInbound(btcTxId)?.outbound).toMatchObject({
      status: 'sent',
      payment: { txid: signed?.payment?.txid },
    })
    await restarted.stop()
    expect(await user.getBalance({ address: ethReceiver })).toBe(
      BigInt(quote.expected_amount_out) * 10n ** 10n,
    )
    expect(BigInt(quote.expected_amount_out)).toBeGreaterThan(0n)
  }, 60_000)
})
