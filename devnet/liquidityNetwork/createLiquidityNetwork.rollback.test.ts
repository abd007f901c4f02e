import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Address, type Hex, zeroAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liquidityRouterAbi, liquidityRouterBytecode } from '../../contracts/artifacts/index'
import { deployBytecode } from '../../contracts/deploy/deployBytecode'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { sendContractCall } from '../../contracts/deploy/sendContractTx'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { devMnemonic } from '../devAccounts'
import { writeSavedHead } from '../savedHead'
import { type AnvilInstance, startAnvil } from '../startAnvil'
import { type BitcoinRpcClient, createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from '../utxo/createUtxoNode'
import { serveUtxoRpc } from '../utxo/serveUtxoRpc'
import { bitcoinSpec } from '../utxo/utxoChainSpecs'
import { createEvmChainAdapter } from './createEvmChainAdapter'
import { createLiquidityNetwork, type LiquidityNetwork } from './createLiquidityNetwork'
import { createUtxoChainAdapter } from './createUtxoChainAdapter'
import { createUtxoVault } from './createUtxoVault'
import { getDevnetEvmVault } from './devnetPools'
import type { NetworkChainAdapter } from './networkChainAdapter'

const E8 = 10n ** 8n
const initialPools = {
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'ETH.ETH': { assetDepth: 100n * E8, runeDepth: 60_000n * E8 },
}
const WEI_PER_UNIT = 10n ** 10n

/**
 * Rollbacks under the network, as a reorg or a devnet crash makes them (anvil keeps its state through a save
 * every 5 s): `evm_snapshot`/`evm_revert` take the ETH chain back under the running network.
 */
describe('the liquidity network over chains that roll back (anvil with LiquidityRouter, BTC devnet ledger)', () => {
  let anvil: AnvilInstance
  let user: DevClient
  let router: Address
  let btcNode: UtxoNode
  let btcRpc: BitcoinRpcClient
  let closeBtc: () => Promise<void>
  let btc: NetworkChainAdapter
  const vault = getDevnetEvmVault()
  const ethAdapter = (extra: { confirmations?: number; finalityMs?: number; savedHeadPath?: string } = {}) =>
    createEvmChainAdapter({
      chain: 'ETH',
      gasAsset: 'ETH.ETH',
      chainId: 1,
      rpcUrl: anvil.rpcUrl,
      router,
      vault,
      outboundFee: 50_000n,
      ...extra,
    })

  beforeAll(async () => {
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
    btc = createUtxoChainAdapter({ chain: 'BTC', vault: btcVault, rpc: btcRpc, outboundFee: 15_000n })
  }, 60_000)
  afterAll(async () => {
    await closeBtc?.()
    await anvil?.stop()
  })

  const snapshot = () => user.snapshot()
  const revert = (id: Hex) => user.revert({ id })
  const btcAddress = (seed: string) =>
    new btcNode.spec.lib.PrivateKey(createHash('sha256').update(seed).digest('hex'), btcNode.spec.network)
      .toAddress(btcNode.spec.network, 'witnesspubkeyhash')
      .toString()
  const btcReceived = async (address: string) =>
    (await btcRpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

  /**
   * Waits for the block of the payout for inbound `txId` (anvil answers a send before it mines it), so the test
   * reads the chain after it, or rolls it back.
   */
  async function minedPayout(network: LiquidityNetwork, txId: string) {
    const hash = network.getInbound(txId)?.outbound?.payment?.txid
    if (hash === undefined) throw new Error(`no payout for ${txId}`)
    await user.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
  }

  /** Deposits 1 ETH through the router to the vault for a swap to `receiver` on BTC; the deposit's hash. */
  async function depositEth(network: LiquidityNetwork, receiver: string) {
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'ETH.ETH',
      to: 'BTC.BTC',
      amount: E8,
      destination: receiver,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const { request } = await user.simulateContract({
      address: router,
      abi: liquidityRouterAbi,
      functionName: 'depositWithExpiry',
      args: [
        vault.address,
        zeroAddress,
        10n ** 18n,
        quote.memo ?? '',
        BigInt(Math.floor(Date.now() / 1000) + 900),
      ],
      value: 10n ** 18n,
    })
    const receipt = await sendContractCall(user, request)
    expect(receipt.status).toBe('success')
    return { hash: receipt.transactionHash, expected: BigInt(quote.expected_amount_out) }
  }

  /** Pays `amount` sat with a memo swapping to ETH for `receiver`, mined; the deposit's txid and the quote. */
  async function depositBtc(network: LiquidityNetwork, seed: string, receiver: Address, amount: bigint) {
    const key = new btcNode.spec.lib.PrivateKey(
      createHash('sha256').update(seed).digest('hex'),
      btcNode.spec.network,
    )
    const sender = key.toAddress(btcNode.spec.network, 'witnesspubkeyhash').toString()
    await btcNode.fund(sender, Number(amount) + 10_000)
    await btcNode.mineBlock()
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount,
      destination: receiver,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const [coin] = await btcRpc.listUnspent(sender)
    if (coin === undefined) throw new Error('the sender has no coin')
    const tx = new btcNode.spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(btc.vault.address, Number(amount))
      .addData(Buffer.from(quote.memo ?? '', 'utf8'))
      .change(sender)
      .fee(1_000)
      .sign(key)
    const txId = await btcNode.sendRawTransaction(tx.serialize(true))
    await btcNode.mineBlock()
    return { txId, expected: BigInt(quote.expected_amount_out) }
  }

  it.each([
    { name: 'two confirmations', adapter: { confirmations: 2 }, stepMs: 0 },
    { name: 'a block kept 5 s', adapter: { finalityMs: 5_000 }, stepMs: 5_000 },
  ])(
    'an ETH deposit rolled back before it is confirmed ($name) is never paid',
    async ({ adapter, stepMs }) => {
      let clock = 1_000_000
      const network = await createLiquidityNetwork({
        chains: [btc, ethAdapter(adapter)],
        initialPools,
        now: () => clock,
      })
      await network.tick()
      const receiver = btcAddress(`rolled back deposit receiver ${stepMs}`)
      const before = await snapshot()
      const deposit = await depositEth(network, receiver)
      expect(deposit.expected).toBe(4_468_778n)
      await network.tick()
      expect(network.getInbound(deposit.hash)).toBeUndefined()
      await revert(before)
      await user.mine({ blocks: 3 })
      await network.tick()
      clock += stepMs
      await network.tick()
      await network.tick()
      await btcNode.mineBlock()
      expect(network.getInbound(deposit.hash)).toBeUndefined()
      expect(await btcReceived(receiver)).toBe(0n)
      expect(network.pools()['ETH.ETH']).toEqual(initialPools['ETH.ETH'])

      // a deposit that stays is read once confirmed and paid exactly
      const kept = await depositEth(network, receiver)
      await user.mine({ blocks: 1 })
      await network.tick()
      clock += stepMs
      await network.tick()
      await btcNode.mineBlock()
      expect(network.getInbound(kept.hash)).toMatchObject({ kind: 'swap', outbound: { status: 'sent' } })
      expect(await btcReceived(receiver)).toBe(4_468_778n)
      await network.stop()
    },
    60_000,
  )

  it('a payout rolled back is sent again, once, and the next payout does not wait behind its nonce', async () => {
    const network = await createLiquidityNetwork({ chains: [btc, ethAdapter()], initialPools })
    await network.tick()
    const first: Address = '0x00000000000000000000000000000000000e7501'
    const second: Address = '0x00000000000000000000000000000000000e7502'
    const paid = await depositBtc(network, 'rollback payout sender 1', first, 5_000_000n)
    const before = await snapshot()
    await network.tick()
    const sent = network.getInbound(paid.txId)?.outbound
    expect(sent?.status).toBe('sent')
    await minedPayout(network, paid.txId)
    expect(await user.getBalance({ address: first })).toBe(paid.expected * WEI_PER_UNIT)

    // the chain loses the payout (and the vault's nonce goes back); a later payout arrives
    await revert(before)
    expect(await user.getBalance({ address: first })).toBe(0n)
    const next = await depositBtc(network, 'rollback payout sender 2', second, 3_000_000n)
    await network.tick()
    await minedPayout(network, paid.txId)
    await minedPayout(network, next.txId)
    expect(paid.expected).toBe(104_943_707n)
    expect(next.expected).toBe(61_795_115n)
    expect(await user.getBalance({ address: first })).toBe(104_943_707n * WEI_PER_UNIT)
    expect(await user.getBalance({ address: second })).toBe(61_795_115n * WEI_PER_UNIT)
    // the same signed transaction, not a new one
    expect(network.getInbound(paid.txId)?.outbound?.payment?.txid).toBe(sent?.payment?.txid)

    await network.tick()
    await network.tick()
    expect(await user.getBalance({ address: first })).toBe(104_943_707n * WEI_PER_UNIT)
    expect(await user.getBalance({ address: second })).toBe(61_795_115n * WEI_PER_UNIT)
    expect(network.getInbound(paid.txId)?.outbound).toMatchObject({ status: 'sent', final: true })
    expect(network.getInbound(next.txId)?.outbound).toMatchObject({ status: 'sent', final: true })
    await network.stop()
  }, 60_000)

  it('a payout whose nonce another transaction took after a rollback is signed again and paid once', async () => {
    const network = await createLiquidityNetwork({ chains: [btc, ethAdapter()], initialPools })
    await network.tick()
    const receiver: Address = '0x00000000000000000000000000000000000e7503'
    const paid = await depositBtc(network, 'replaced payout sender', receiver, 2_000_000n)
    const before = await snapshot()
    await network.tick()
    const sent = network.getInbound(paid.txId)?.outbound?.payment?.txid
    // a revert ahead of the payout's block would leave it pending, to take the nonce given to another transaction
    await minedPayout(network, paid.txId)
    await revert(before)
    // the vault's key spends the payout's nonce on something else
    const nonce = await user.getTransactionCount({ address: vault.address })
    const other = await vault.signTransaction({
      chainId: 1,
      type: 'eip1559',
      to: '0x00000000000000000000000000000000000e75ff',
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10n ** 11n,
      maxPriorityFeePerGas: 10n ** 9n,
      value: 1n,
    })
    await user.sendRawTransaction({ serializedTransaction: other })
    await network.tick()
    await network.tick()
    const outbound = network.getInbound(paid.txId)?.outbound
    expect(outbound?.status).toBe('sent')
    expect(outbound?.payment?.txid).not.toBe(sent)
    expect(paid.expected).toBe(42_740_350n)
    expect(await user.getBalance({ address: receiver })).toBe(42_740_350n * WEI_PER_UNIT)
    await network.tick()
    expect(await user.getBalance({ address: receiver })).toBe(42_740_350n * WEI_PER_UNIT)
    await network.stop()
  }, 60_000)

  it("with the devnet's saved heads: a deposit is read and a payout final only once a state save covers their block", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'network-saved-head-'))
    const headFile = path.join(dir, 'chain-1.json.head')
    const saveAt = async (blockNumber: bigint) =>
      writeSavedHead(headFile, { number: blockNumber, hash: (await user.getBlock({ blockNumber })).hash })
    const network = await createLiquidityNetwork({
      chains: [btc, ethAdapter({ savedHeadPath: headFile })],
      initialPools,
    })
    await network.tick()
    const receiver = btcAddress('saved head deposit receiver')
    const deposit = await depositEth(network, receiver)
    const depositBlock = (await user.getTransactionReceipt({ hash: deposit.hash })).blockNumber
    await user.mine({ blocks: 2 })
    // no save yet, then one just below the deposit: deep enough, not read
    await network.tick()
    await saveAt(depositBlock - 1n)
    await network.tick()
    expect(network.getInbound(deposit.hash)).toBeUndefined()
    await saveAt(depositBlock)
    await network.tick()
    await btcNode.mineBlock()
    expect(network.getInbound(deposit.hash)).toMatchObject({ kind: 'swap', outbound: { status: 'sent' } })
    expect(await btcReceived(receiver)).toBe(deposit.expected)

    const payee: Address = '0x00000000000000000000000000000000000e7510'
    const paid = await depositBtc(network, 'saved head payout sender', payee, 2_000_000n)
    await network.tick()
    const payout = network.getInbound(paid.txId)?.outbound
    expect(payout?.status).toBe('sent')
    await user.mine({ blocks: 3 })
    await network.tick()
    await network.tick()
    expect(network.getInbound(paid.txId)?.outbound?.final).not.toBe(true)
    await saveAt(await user.getBlockNumber())
    await network.tick()
    expect(network.getInbound(paid.txId)?.outbound?.final).toBe(true)
    expect(await user.getBalance({ address: payee })).toBe(paid.expected * WEI_PER_UNIT)
    await network.stop()
    await rm(dir, { recursive: true, force: true })
  }, 60_000)
})
