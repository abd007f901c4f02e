import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createEvmChainAdapter } from '../../devnet/liquidityNetwork/createEvmChainAdapter'
import {
  createLiquidityNetwork,
  type LiquidityNetwork,
} from '../../devnet/liquidityNetwork/createLiquidityNetwork'
import { createUtxoChainAdapter } from '../../devnet/liquidityNetwork/createUtxoChainAdapter'
import { createUtxoVault } from '../../devnet/liquidityNetwork/createUtxoVault'
import { getDevnetEvmVault } from '../../devnet/liquidityNetwork/devnetPools'
import { startTestUtxoChain, type TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { bitcoinSpec } from '../../devnet/utxo/utxoChainSpecs'
import {
  createThorchainProvider,
  type ThorchainProvider,
} from '../providers/thorchain/createThorchainProvider'
import { createInProcessThornodeClient } from './createInProcessThornodeClient'
import type { DevnetHarness } from './devnetHarness'

const E8 = 10n ** 8n
/** The network's pools: 10 BTC and 100 ETH deep, their vaults funded with as much. */
export const ETH_BTC_POOLS = {
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'ETH.ETH': { assetDepth: 100n * E8, runeDepth: 60_000n * E8 },
}
/** What the network keeps of each payout, 1e8 units of the chain's coin. */
export const ETH_BTC_OUTBOUND_FEES = { BTC: 15_000n, ETH: 50_000n }

export interface EthBtcNetwork {
  btc: TestUtxoChain
  network: LiquidityNetwork
  /** The liquidity network's provider over the harness's chain 1 and Bitcoin, reading THORNode in-process. */
  thorchain: ThorchainProvider
  /** Stops the network and the Bitcoin chain and removes the network's data (not the harness). */
  close: () => Promise<void>
}

/**
 * Test support: a Bitcoin regtest chain and the devnet liquidity network between it and the harness's chain 1
 * (its router, the devnet's EVM vault funded; pools `ETH_BTC_POOLS`; ticked once, so both observers start at
 * the tips), and its provider with the harness's deployments and markets, for trades between Ethereum and
 * Bitcoin through the API. `nowSec` is THORNode's and the provider's clock.
 */
export async function startEthBtcNetwork(harness: DevnetHarness, nowSec: number): Promise<EthBtcNetwork> {
  const deployment = harness.deployment(1)
  if (deployment.liquidityRouter === undefined) throw new Error('chain 1 has no liquidity router')
  const vault = getDevnetEvmVault()
  await harness.deployerClient(1).setBalance({ address: vault.address, value: 10n ** 24n })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'eth-btc-network-'))
  const btc = await startTestUtxoChain(bitcoinSpec())
  const btcVault = createUtxoVault(btc.node.spec, btc.rpc)
  await btc.node.fund(btcVault.address, Number(ETH_BTC_POOLS['BTC.BTC'].assetDepth))
  await btc.node.mineBlock()
  const network = await createLiquidityNetwork({
    chains: [
      createUtxoChainAdapter({
        chain: 'BTC',
        vault: btcVault,
        rpc: btc.rpc,
        outboundFee: ETH_BTC_OUTBOUND_FEES.BTC,
      }),
      createEvmChainAdapter({
        chain: 'ETH',
        gasAsset: 'ETH.ETH',
        chainId: 1,
        rpcUrl: deployment.rpcUrl,
        router: deployment.liquidityRouter,
        vault,
        outboundFee: ETH_BTC_OUTBOUND_FEES.ETH,
      }),
    ],
    initialPools: ETH_BTC_POOLS,
    dataDir,
  })
  await network.tick()
  const client = createInProcessThornodeClient({
    network,
    chains: [
      { chain: 'BTC', blockSeconds: 600 },
      { chain: 'ETH', blockSeconds: 12 },
    ],
    now: () => nowSec,
  })
  const thorchain = createThorchainProvider({
    client,
    chainIds: [1, -3980891822],
    deployments: harness.deployments,
    markets: harness.markets,
    now: () => nowSec,
  })
  return {
    btc,
    network,
    thorchain,
    async close() {
      await network.stop()
      await btc.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
