import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { createTestClient, http, publicActions } from 'viem'
import { getEvmChainInfo } from '../../server/chains/chainInfo'
import type { ChainDeployment } from '../../server/chains/deployment'
import type { LiquidityNetworkConfig } from '../../server/chains/liquidityNetworkConfig'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { devnetCosmosKey } from '../cosmos/createCosmosNode'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { utxoSpecOf } from '../utxo/utxoSpecOf'
import type { CosmosNodeWorkerParams } from '../workers/cosmosNodeWorker'
import type { LitecoinWorkerParams } from '../workers/litecoinWorker'
import type { NetworkWorkerParams } from '../workers/networkWorker'
import { type SupervisedWorker, superviseWorker } from '../workers/superviseWorker'
import type { UtxoNodeWorkerParams } from '../workers/utxoNodeWorker'
import { createUtxoVault } from './createUtxoVault'
import { devnetPools, getDevnetEvmVault } from './devnetPools'

/** Where Debian's litecoind package puts the daemon (the `/usr/bin/litecoind` wrapper writes to ~/.litecoin). */
const LITECOIND_PATHS = ['/usr/lib/litecoin/litecoind', '/usr/bin/litecoind']
const LITECOIN_RPC = { username: 'tributary', password: 'devnet' }

export interface RunningLiquidityNetwork {
  /** Where THORNode's API and each UTXO chain's RPC answer (what the rest of the server reads). */
  config: LiquidityNetworkConfig
  workers: ReadonlyMap<string, SupervisedWorker<unknown>>
  stop(): Promise<void>
}

export interface StartLiquidityNetworkParams {
  /**
   * The devnet's port base: UTXO RPC on +20 (BTC), +21 (BCH), +22 (DOGE), +23 (LTC), THORNode's API on +25,
   * the Cosmos Hub's RPC on +26.
   */
  portBase: number
  host: string
  /** State goes to `<dataDir>/liquidity/`. */
  dataDir: string
  log?: (message: string) => void
  /** The litecoind to run (null: none); default the Debian package's. Litecoin is left out when it is missing. */
  litecoind?: string | null
  /** Block interval of the devnet UTXO chains and litecoind. Default 5 s. */
  blockIntervalMs?: number
  tickIntervalMs?: number
  /** The devnet's EVM chains; those with a liquidity router get an adapter and a funded vault. */
  deployments?: readonly ChainDeployment[]
  /** Per EVM chain, where the devnet records the head its last state save covers (`Devnet.savedHeadPaths`). */
  savedHeadPaths?: ReadonlyMap<number, string>
}

const workerEntry = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'workers', `${name}.ts`)

/**
 * Starts the devnet's liquidity network as supervised worker processes: one devnet UTXO node per chain
 * (BTC, BCH, DOGE, each serving Bitcoin Core's RPC on its port), the real `litecoind` in regtest when it is
 * installed (else a log line and no Litecoin), and the network worker (observers, settlement, vault payouts,
 * THORNode's HTTP API), and the devnet Cosmos Hub (CometBFT RPC and REST on one port). A worker that exits is started again and resumes from its state in the data dir. On
 * a new data dir each chain pays the network's vault what its pool holds.
 */
export async function startLiquidityNetwork(
  params: StartLiquidityNetworkParams,
): Promise<RunningLiquidityNetwork> {
  const { portBase, host } = params
  const log = params.log ?? (() => undefined)
  const dataDir = path.join(params.dataDir, 'liquidity')
  const blockIntervalMs = params.blockIntervalMs ?? 5_000
  const workers = new Map<string, SupervisedWorker<unknown>>()
  const stop = () => Promise.all([...workers.values()].map((w) => w.stop())).then(() => undefined)
  const vaultAddressOf = (symbol: 'BTC' | 'BCH' | 'DOGE' | 'LTC') =>
    createUtxoVault(utxoSpecOf(symbol), createBitcoinRpcClient({ url: `http://${host}` })).address
  const depthOf = (symbol: string) => devnetPools[`${symbol}.${symbol}`]?.assetDepth ?? 0n
  try {
    const utxoSymbols = ['BTC', 'BCH', 'DOGE'] as const
    const nodes = await Promise.all(
      utxoSymbols.map(async (symbol, index) => {
        const nodeParams: UtxoNodeWorkerParams = {
          symbol,
          host,
          port: portBase + 20 + index,
          dataDir,
          blockIntervalMs,
          // the vault holds what its pool says, and the fees of its first payouts
          genesisPayments: [
            { address: vaultAddressOf(symbol), satoshis: Number((depthOf(symbol) * 101n) / 100n) },
          ],
        }
        const worker = await superviseWorker<{ rpcUrl: string }>({
          name: `${symbol} node`,
          entry: workerEntry('utxoNodeWorker'),
          params: nodeParams,
          log,
        })
        workers.set(symbol, worker)
        return { symbol, rpcUrl: worker.ready.rpcUrl }
      }),
    )
    const utxo: NetworkWorkerParams['utxo'] = nodes.map((n) => ({
      symbol: n.symbol,
      rpcUrl: n.rpcUrl,
      blockSeconds: blockIntervalMs / 1000,
    }))
    const litecoind = (params.litecoind === undefined ? LITECOIND_PATHS : [params.litecoind ?? '']).find(
      (p) => p !== '' && existsSync(p),
    )
    if (litecoind === undefined) {
      log('liquidity network: litecoind is not installed; Litecoin is left out')
    } else {
      const ltcSpec = utxoSpecOf('LTC')
      const miner = new ltcSpec.lib.PrivateKey(
        createHash('sha256').update('tributary devnet LTC faucet').digest('hex'),
        ltcSpec.network,
      )
      const ltcParams: LitecoinWorkerParams = {
        binary: litecoind,
        dataDir: path.join(dataDir, 'litecoin'),
        host,
        rpcPort: portBase + 23,
        p2pPort: portBase + 24,
        ...LITECOIN_RPC,
        blockIntervalMs,
        genesisCoinbases: [
          { address: vaultAddressOf('LTC'), blocks: Number(depthOf('LTC') / (50n * 10n ** 8n)) + 1 },
        ],
        minerAddress: miner.toAddress(ltcSpec.network, ltcSpec.addressType).toString(),
      }
      const worker = await superviseWorker<{ rpcUrl: string }>({
        name: 'litecoind',
        entry: workerEntry('litecoinWorker'),
        params: ltcParams,
        log,
        killAfterMs: 30_000,
      })
      workers.set('LTC', worker)
      utxo.push({
        symbol: 'LTC',
        rpcUrl: worker.ready.rpcUrl,
        ...LITECOIN_RPC,
        blockSeconds: blockIntervalMs / 1000,
      })
      log(`liquidity network: litecoind (${litecoind}) in regtest on ${worker.ready.rpcUrl}`)
    }
    const cosmos = await startCosmosHub({ ...params, dataDir, blockIntervalMs, log })
    workers.set('GAIA', cosmos)
    const evm = await devnetEvmChains(params.deployments ?? [], params.savedHeadPaths ?? new Map())
    const networkParams: NetworkWorkerParams = {
      host,
      port: portBase + 25,
      dataDir,
      tickIntervalMs: params.tickIntervalMs ?? 1_000,
      utxo,
      evm,
      cosmos: { rpcUrl: cosmos.ready.rpcUrl, blockSeconds: blockIntervalMs / 1000 },
    }
    const network = await superviseWorker<{ thornodeUrl: string }>({
      name: 'liquidity network',
      entry: workerEntry('networkWorker'),
      params: networkParams,
      log,
    })
    workers.set('network', network)
    log(`liquidity network: THORNode API on ${network.ready.thornodeUrl}`)
    return {
      config: {
        thornodeUrl: network.ready.thornodeUrl,
        utxo: utxo.map((u) => ({
          chainId: utxoSpecOf(u.symbol).chainId,
          rpcUrl: u.rpcUrl,
          ...(u.username === undefined ? {} : { username: u.username, password: u.password ?? '' }),
        })),
        cosmos: [{ chainId: COSMOS_HUB_CHAIN_ID, rpcUrl: cosmos.ready.rpcUrl }],
      },
      workers,
      stop,
    }
  } catch (error: unknown) {
    await stop()
    throw error
  }
}

/** The compatible API's id of the Cosmos Hub. */
const COSMOS_HUB_CHAIN_ID = -978111860

/** The devnet Cosmos Hub as a supervised worker; on a new data dir the faucet pays the vault its pool. */
async function startCosmosHub(params: {
  host: string
  portBase: number
  dataDir: string
  blockIntervalMs: number
  log: (message: string) => void
}): Promise<SupervisedWorker<{ rpcUrl: string }>> {
  const wallet = await DirectSecp256k1Wallet.fromKey(
    devnetCosmosKey('liquidity vault'),
    cosmosHubSpec().bech32Prefix,
  )
  const [vault] = await wallet.getAccounts()
  if (vault === undefined) throw new Error('the Cosmos vault wallet has no account')
  const depth = devnetPools['GAIA.ATOM']?.assetDepth ?? 0n
  const cosmosParams: CosmosNodeWorkerParams = {
    host: params.host,
    port: params.portBase + 26,
    dataDir: params.dataDir,
    blockIntervalMs: params.blockIntervalMs,
    // the vault holds what its pool says (1e8 units are 100 uatom), and the fees of its first payouts
    genesisPayments: [{ address: vault.address, uatom: ((depth * 101n) / 100n / 100n).toString() }],
  }
  const worker = await superviseWorker<{ rpcUrl: string }>({
    name: 'GAIA node',
    entry: workerEntry('cosmosNodeWorker'),
    params: cosmosParams,
    log: params.log,
  })
  params.log(`liquidity network: the Cosmos Hub (cosmoshub-devnet) on ${worker.ready.rpcUrl}`)
  return worker
}

/** Wei the devnet vault holds on each EVM chain (anvil_setBalance when it has less than a tenth). */
const EVM_VAULT_BALANCE = 10n ** 24n

/** The EVM chains of the devnet the network serves (those with a router), with the vault funded on each. */
async function devnetEvmChains(
  deployments: readonly ChainDeployment[],
  savedHeadPaths: ReadonlyMap<number, string>,
): Promise<NetworkWorkerParams['evm']> {
  const vault = getDevnetEvmVault().address
  const chains: NetworkWorkerParams['evm'] = []
  for (const d of deployments) {
    const chain = getEvmChainInfo(d.chainId)?.thorChain
    if (d.liquidityRouter === undefined || (chain !== 'ETH' && chain !== 'BSC' && chain !== 'AVAX')) continue
    const client = createTestClient({ mode: 'anvil', transport: http(d.rpcUrl) }).extend(publicActions)
    if ((await client.getBalance({ address: vault })) < EVM_VAULT_BALANCE / 10n)
      await client.setBalance({ address: vault, value: EVM_VAULT_BALANCE })
    const gasSymbol = chain === 'ETH' ? 'ETH' : chain === 'BSC' ? 'BNB' : 'AVAX'
    chains.push({
      chain,
      gasAsset: `${chain}.${gasSymbol}`,
      chainId: d.chainId,
      rpcUrl: d.rpcUrl,
      router: d.liquidityRouter,
      ...(savedHeadPaths.has(d.chainId) ? { savedHeadPath: savedHeadPaths.get(d.chainId) } : {}),
    })
  }
  return chains
}
