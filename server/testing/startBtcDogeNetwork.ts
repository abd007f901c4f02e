import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import {
  createLiquidityNetwork,
  type LiquidityNetwork,
} from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import { createUtxoChainAdapter } from '../../devnet/liquidityNetwork/createUtxoChainAdapter'
import { createUtxoVault } from '../../devnet/liquidityNetwork/createUtxoVault'
import { devnetThorchainKey } from '../../devnet/thorchain/devnetThorchainKey'
import { thorchainSpec } from '../../devnet/thorchain/thorchainSpec'
import { startTestUtxoChain, type TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { bitcoinSpec, dogecoinSpec } from '../../devnet/utxo/utxoChainSpecs'
import { createMemoRegistrar } from '../providers/thorchain/createMemoRegistrar'
import {
  createThorchainProvider,
  type ThorchainProvider,
} from '../providers/thorchain/createThorchainProvider'
import type { ThorchainTxClient, ThornodeClient } from '../providers/thorchain/createThornodeClient'
import { createInProcessThornodeClient } from './createInProcessThornodeClient'

const E8 = 10n ** 8n
/** The provider chain ids of Bitcoin and Dogecoin. */
export const BTC_CHAIN_ID = -3980891822
export const DOGE_CHAIN_ID = -3143381382
/** The network's pools: 10 BTC and 200,000 DOGE deep, their vaults funded with as much. */
export const BTC_DOGE_POOLS = {
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'DOGE.DOGE': { assetDepth: 200_000n * E8, runeDepth: 6_000n * E8 },
}
/** What the network keeps of each payout on each chain. */
export const BTC_DOGE_OUTBOUND_FEES = { BTC: 15_000n, DOGE: 2n * E8 }
/** The key of the THORChain account that registers memos for deposits paid without one. */
export const MEMO_REGISTRAR_KEY = devnetThorchainKey('test memo registrar')
/** The RUNE (1e8 units) it holds at THORChain's genesis. */
export const MEMO_REGISTRAR_RUNE = 1_000n * E8

export interface BtcDogeNetwork {
  btc: TestUtxoChain
  doge: TestUtxoChain
  network: LiquidityNetwork
  /** The liquidity network's provider, reading the network's THORNode API in-process; it builds memoless deposits. */
  thorchain: ThorchainProvider
  /** THORNode's API over the network, in-process (reads and THORChain transactions). */
  client: ThornodeClient & ThorchainTxClient
  /** The memo registrar's THORChain address. */
  registrar: string
  /** Stops both chains and removes the network's data. */
  close: () => Promise<void>
}

/**
 * Test support: a Bitcoin and a Dogecoin regtest chain, the devnet liquidity network over them (pools
 * `BTC_DOGE_POOLS`, vaults funded, ticked once) with THORChain's ledger (the memo registrar funded with
 * `MEMO_REGISTRAR_RUNE`), and its provider with a memo registrar, for tests of UTXO trades through the API. A
 * registration waits for the network's next pass (the caller ticks it).
 * `networkNowMs` is the network's clock (ms), `providerNowSec` the provider's (s); both default to the start time.
 */
export async function startBtcDogeNetwork(
  clocks: { networkNowMs?: () => number; providerNowSec?: () => number } = {},
): Promise<BtcDogeNetwork> {
  const now = Math.floor(Date.now() / 1000)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btc-doge-network-'))
  const btc = await startTestUtxoChain(bitcoinSpec())
  const doge = await startTestUtxoChain(dogecoinSpec())
  const served = [
    { chain: 'BTC', node: btc, depth: BTC_DOGE_POOLS['BTC.BTC'].assetDepth },
    { chain: 'DOGE', node: doge, depth: BTC_DOGE_POOLS['DOGE.DOGE'].assetDepth },
  ] as const
  const chains = served.map(({ chain, node }) =>
    createUtxoChainAdapter({
      chain,
      vault: createUtxoVault(node.node.spec, node.rpc),
      rpc: node.rpc,
      outboundFee: BTC_DOGE_OUTBOUND_FEES[chain],
    }),
  )
  for (const [index, { node, depth }] of served.entries()) {
    await node.node.fund(chains[index]?.vault.address ?? '', Number(depth))
    await node.node.mineBlock()
  }
  const spec = thorchainSpec()
  const [registrar] = await (
    await DirectSecp256k1Wallet.fromKey(MEMO_REGISTRAR_KEY, spec.bech32Prefix)
  ).getAccounts()
  if (registrar === undefined) throw new Error('the registrar key has no account')
  const network = await createLiquidityNetwork({
    chains,
    initialPools: BTC_DOGE_POOLS,
    dataDir,
    ...(clocks.networkNowMs === undefined ? {} : { now: clocks.networkNowMs }),
    thorchain: { spec, genesis: [{ address: registrar.address, rune: MEMO_REGISTRAR_RUNE }] },
  })
  await network.tick()
  const client = createInProcessThornodeClient({
    network,
    chains: [
      { chain: 'BTC', blockSeconds: 600 },
      { chain: 'DOGE', blockSeconds: 60 },
    ],
    now: () => now,
  })
  const thorchain = createThorchainProvider({
    client,
    chainIds: [BTC_CHAIN_ID, DOGE_CHAIN_ID],
    now: clocks.providerNowSec ?? (() => now),
    memoless: { registrar: createMemoRegistrar({ client, key: MEMO_REGISTRAR_KEY, pollMs: 20 }), client },
  })
  return {
    btc,
    doge,
    network,
    thorchain,
    client,
    registrar: registrar.address,
    async close() {
      await btc.close()
      await doge.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
