import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from '../cosmos/createCosmosNode'
import { type CosmosVault, createCosmosVault } from '../cosmos/createCosmosVault'
import { serveCosmosRpc } from '../cosmos/serveCosmosRpc'
import { type BitcoinRpcClient, createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from '../utxo/createUtxoNode'
import { serveUtxoRpc } from '../utxo/serveUtxoRpc'
import { bitcoinSpec } from '../utxo/utxoChainSpecs'
import { createCosmosChainAdapter } from './createCosmosChainAdapter'
import { createLiquidityNetwork } from './createLiquidityNetwork'
import { createThornodeApi } from './createThornodeApi'
import { createUtxoChainAdapter } from './createUtxoChainAdapter'
import { createUtxoVault } from './createUtxoVault'
import type { NetworkChainAdapter } from './networkChainAdapter'
import { settleInbound } from './settleInbound'

const E8 = 10n ** 8n
const initialPools = {
  // 10 BTC at $65,000 and 20,000 ATOM at $8 against RUNE at $5
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'GAIA.ATOM': { assetDepth: 20_000n * E8, runeDepth: 32_000n * E8 },
}
const outboundFees: Record<string, bigint> = { BTC: 15_000n, GAIA: 2_000_000n }
const spec = cosmosHubSpec()
const FEE = { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' }
const COSMOS_PORT = await allocateTestPorts(2)
const BTC_PORT = COSMOS_PORT + 1

async function cosmosWallet(seed: string) {
  const wallet = await DirectSecp256k1Wallet.fromKey(sha256(new TextEncoder().encode(seed)), 'cosmos')
  const address = (await wallet.getAccounts())[0]?.address ?? ''
  return { wallet, address }
}

describe('createCosmosChainAdapter: ATOM through the liquidity network', () => {
  let dataDir: string
  let cosmos: CosmosNode
  let cosmosRpc: { url: string; close(): Promise<void> }
  let cosmosVault: CosmosVault
  let btc: UtxoNode
  let btcRpc: BitcoinRpcClient
  let closeBtc: () => Promise<void>
  let chains: NetworkChainAdapter[]
  let alice: SigningStargateClient
  let aliceAddress: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cosmos-network-'))
    cosmos = await createCosmosNode({ spec, blockIntervalMs: 3_600_000 })
    cosmosRpc = await serveCosmosRpc(cosmos, { host: '127.0.0.1', port: COSMOS_PORT })
    cosmosVault = await createCosmosVault(spec, cosmosRpc.url)
    btc = await createUtxoNode({ spec: bitcoinSpec(), blockIntervalMs: 3_600_000 })
    const btcServer = await serveUtxoRpc(btc, { host: '127.0.0.1', port: BTC_PORT })
    closeBtc = btcServer.close
    btcRpc = createBitcoinRpcClient({ url: btcServer.url })
    chains = [
      createUtxoChainAdapter({
        chain: 'BTC',
        vault: createUtxoVault(btc.spec, btcRpc),
        rpc: btcRpc,
        outboundFee: outboundFees.BTC ?? 0n,
      }),
      createCosmosChainAdapter({ vault: cosmosVault, outboundFee: outboundFees.GAIA ?? 0n }),
    ]
    // the vaults hold what the pools say they hold (1e8 units are 100 uatom)
    await btc.fund(chains[0]?.vault.address ?? '', Number(initialPools['BTC.BTC'].assetDepth))
    await btc.mineBlock()
    const user = await cosmosWallet('network alice')
    aliceAddress = user.address
    alice = await SigningStargateClient.connectWithSigner(cosmosRpc.url, user.wallet)
    await cosmos.fund(cosmosVault.address, initialPools['GAIA.ATOM'].assetDepth / 100n)
    await cosmos.fund(aliceAddress, 1_000_000_000n)
    await cosmos.commitBlock()
  })
  afterAll(async () => {
    alice?.disconnect()
    cosmosVault?.disconnect()
    await cosmos?.stop()
    await cosmosRpc?.close()
    await closeBtc?.()
    await rm(dataDir, { recursive: true, force: true })
  })

  /** Alice pays the vault `uatom` with `memo` (cosmjs-signed, broadcast, committed); the tx hash. */
  async function depositAtom(uatom: bigint, memo: string): Promise<string> {
    const signed = await alice.sign(
      aliceAddress,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: {
            fromAddress: aliceAddress,
            toAddress: cosmosVault.address,
            amount: [{ denom: 'uatom', amount: uatom.toString() }],
          },
        },
      ],
      FEE,
      memo,
    )
    const hash = await alice.broadcastTxSync(TxRaw.encode(signed).finish())
    await cosmos.commitBlock()
    return hash
  }

  /** A BTC user pays the vault `sats` with an OP_RETURN `memo`; mined. */
  async function depositBtc(seed: string, sats: bigint, memo: string): Promise<string> {
    const { lib, network, addressType } = btc.spec
    const key = new lib.PrivateKey(createHash('sha256').update(seed).digest('hex'), network)
    const address = key.toAddress(network, addressType).toString()
    await btc.fund(address, Number(sats) + 10_000)
    await btc.mineBlock()
    const [coin] = await btcRpc.listUnspent(address)
    if (coin === undefined) throw new Error('the user has no coin')
    const tx = new lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(chains[0]?.vault.address ?? '', Number(sats))
      .addData(Buffer.from(memo, 'utf8'))
      .change(address)
      .fee(800)
      .sign(key)
    return btc.sendRawTransaction(tx.serialize(true))
  }

  const uatomOf = async (address: string) => BigInt((await alice.getBalance(address, 'uatom')).amount)
  const satsOf = async (address: string) =>
    (await btcRpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

  it('ATOM in pays BTC out exactly as quoted; an invalid memo refunds the ATOM less the outbound fee', async () => {
    const network = await createLiquidityNetwork({ chains, initialPools })
    await network.tick() // starts at the tips
    const receiver = new btc.spec.lib.PrivateKey(
      createHash('sha256').update('network btc receiver').digest('hex'),
      btc.spec.network,
    )
      .toAddress(btc.spec.network, btc.spec.addressType)
      .toString()
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'GAIA.ATOM',
      to: 'BTC.BTC',
      amount: 100n * E8,
      destination: receiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    // 100 ATOM ($800) -> 15,841,192,049 RUNE -> 1,215,588 sat emitted, less the 15,000 sat outbound fee
    expect(quote.expected_amount_out).toBe('1200588')
    expect(quote.memo).toBe(`=:b:${receiver}:1188582`)
    const txHash = await depositAtom(100_000_000n, quote.memo ?? '')
    await network.tick()
    await btc.mineBlock()
    expect(network.getInbound(txHash)).toMatchObject({
      chain: 'GAIA',
      kind: 'swap',
      inbound: { asset: 'GAIA.ATOM', amount: 100n * E8, from: aliceAddress },
      outbound: { status: 'sent', asset: 'BTC.BTC', amount: 1_200_588n },
    })
    expect(await satsOf(receiver)).toBe(1_200_588n)

    const before = await uatomOf(aliceAddress)
    const refundHash = await depositAtom(5_000_000n, 'not a memo')
    await network.tick()
    await cosmos.commitBlock()
    expect(network.getInbound(refundHash)).toMatchObject({
      kind: 'refund',
      reason: 'invalid memo: not a swap memo: not a memo',
      outbound: { status: 'sent', to: aliceAddress, memo: `REFUND:${refundHash.toLowerCase()}` },
    })
    // 5 ATOM and Alice's 1,000 uatom fee out, 5 ATOM less the 0.02 ATOM outbound fee back
    expect((await uatomOf(aliceAddress)) - before).toBe(-1_000n - 20_000n)
    await network.stop()
  }, 60_000)

  it('BTC in pays ATOM out exactly as quoted, two payouts in one pass take two sequences, a restart pays once', async () => {
    const network = await createLiquidityNetwork({ chains, initialPools, dataDir })
    await network.tick()
    const bob = (await cosmosWallet('network bob')).address
    const carol = (await cosmosWallet('network carol')).address
    const quoteTo = (destination: string, sats: bigint, pools = network.pools()) =>
      quoteSwap({
        pools,
        from: 'BTC.BTC',
        to: 'GAIA.ATOM',
        amount: sats,
        destination,
        outboundFeeOf: network.outboundFeeOf,
        now: 0,
        validForSeconds: 900,
      })
    const toBob = quoteTo(bob, 1_000_000n)
    // 0.01 BTC ($650) -> 12,974,042,391 RUNE -> 80.434 ATOM emitted, less the 0.02 ATOM outbound fee
    expect(toBob.memo).toBe(`=:g:${bob}:0`)
    expect(toBob.expected_amount_out).toBe('8041419847')
    const bobTx = await depositBtc('network btc bob payer', 1_000_000n, toBob.memo ?? '')
    await btc.mineBlock()
    await network.tick()
    const carolQuote = quoteTo(carol, 500_000n)
    const carolTx = await depositBtc('network btc carol payer', 500_000n, carolQuote.memo ?? '')
    // Dave's deposit is settled after Carol's in the same block, against the pools her swap left
    const afterCarol = settleInbound({
      pools: network.pools(),
      inbound: { txId: carolTx, asset: 'BTC.BTC', amount: 500_000n, from: '', memo: carolQuote.memo ?? '' },
      outboundFeeOf: network.outboundFeeOf,
      isValidAddress: () => true,
    }).poolsAfter
    const daveQuote = quoteTo(bob, 200_000n, afterCarol)
    const daveTx = await depositBtc('network btc dave payer', 200_000n, daveQuote.memo ?? '')
    await btc.mineBlock()
    await network.tick()
    await cosmos.commitBlock()
    expect(await uatomOf(bob)).toBe(
      BigInt(toBob.expected_amount_out) / 100n + BigInt(daveQuote.expected_amount_out) / 100n,
    )
    expect(await uatomOf(carol)).toBe(BigInt(carolQuote.expected_amount_out) / 100n)
    const sequences = [carolTx, daveTx].map((tx) => network.getInbound(tx)?.outbound?.payment?.spends[0])
    expect(new Set(sequences).size).toBe(2)
    expect(network.getInbound(bobTx)?.outbound?.payment?.txid).toMatch(/^[0-9A-F]{64}$/)
    await network.stop()

    // the node refuses the payout (a crash between signing and broadcasting): after a restart the same
    // signed transaction is sent, once
    const flaky = createCosmosChainAdapter({
      vault: { ...cosmosVault, broadcast: () => Promise.reject(new Error('connection reset')) },
      outboundFee: outboundFees.GAIA ?? 0n,
    })
    const crashing = await createLiquidityNetwork({
      chains: [chains[0] ?? flaky, flaky],
      initialPools,
      dataDir,
    })
    const again = quoteSwap({
      pools: crashing.pools(),
      from: 'BTC.BTC',
      to: 'GAIA.ATOM',
      amount: 300_000n,
      destination: carol,
      outboundFeeOf: crashing.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const againTx = await depositBtc('network btc restart payer', 300_000n, again.memo ?? '')
    await btc.mineBlock()
    await crashing.tick()
    const signed = crashing.getInbound(againTx)?.outbound
    expect(signed?.status).toBe('signed')
    await crashing.stop()
    const carolBefore = await uatomOf(carol)

    const restarted = await createLiquidityNetwork({ chains, initialPools, dataDir })
    await restarted.tick()
    await cosmos.commitBlock()
    await restarted.tick()
    await cosmos.commitBlock()
    expect(restarted.getInbound(againTx)?.outbound).toMatchObject({
      status: 'sent',
      payment: { txid: signed?.payment?.txid },
    })
    expect((await uatomOf(carol)) - carolBefore).toBe(BigInt(again.expected_amount_out) / 100n)
    await restarted.stop()
  }, 60_000)

  it("THORNode's API lists the GAIA vault with its fee in uatom and follows a Cosmos hash", async () => {
    const network = await createLiquidityNetwork({ chains, initialPools })
    await network.tick()
    const api = createThornodeApi({ network, chains: [{ chain: 'GAIA', blockSeconds: 6 }] })
    const inbound = (await (await api.request('/thorchain/inbound_addresses')).json()) as unknown[]
    expect(inbound).toEqual([
      expect.objectContaining({
        chain: 'GAIA',
        address: cosmosVault.address,
        gas_rate: '1000',
        gas_rate_units: 'uatom',
        outbound_fee: '2000000',
      }),
    ])
    expect(cosmosVault.address).toMatch(/^cosmos1/)
    const receiver = new btc.spec.lib.PrivateKey(
      createHash('sha256').update('network api receiver').digest('hex'),
      btc.spec.network,
    )
      .toAddress(btc.spec.network, btc.spec.addressType)
      .toString()
    const quoteRes = await api.request(
      `/thorchain/quote/swap?from_asset=GAIA.ATOM&to_asset=BTC.BTC&amount=1000000000&destination=${receiver}`,
    )
    const quote = (await quoteRes.json()) as {
      inbound_address: string
      memo: string
      expected_amount_out: string
    }
    expect(quote.inbound_address).toBe(cosmosVault.address)
    const hash = await depositAtom(10_000_000n, quote.memo)
    await network.tick()
    const status = (await (await api.request(`/thorchain/tx/status/${hash}`)).json()) as Record<
      string,
      unknown
    >
    expect(status).toMatchObject({
      tx: { id: hash.toLowerCase(), chain: 'GAIA', from_address: aliceAddress, memo: quote.memo },
      out_txs: [
        {
          chain: 'BTC',
          to_address: receiver,
          coins: [{ asset: 'BTC.BTC', amount: quote.expected_amount_out }],
        },
      ],
    })
    await network.stop()
  }, 60_000)
})
