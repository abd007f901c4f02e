import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { serve } from '@hono/node-server'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { createCosmosVault } from '../cosmos/createCosmosVault'
import { createCosmosChainAdapter } from '../liquidityNetwork/createCosmosChainAdapter'
import { createEvmChainAdapter } from '../liquidityNetwork/createEvmChainAdapter'
import { createLiquidityNetwork } from '../liquidityNetwork/createLiquidityNetwork'
import { createThornodeApi } from '../liquidityNetwork/createThornodeApi'
import { createUtxoChainAdapter } from '../liquidityNetwork/createUtxoChainAdapter'
import { createUtxoVault } from '../liquidityNetwork/createUtxoVault'
import { devnetOutboundFees, devnetPools, getDevnetEvmVault } from '../liquidityNetwork/devnetPools'
import type { NetworkChainAdapter } from '../liquidityNetwork/networkChainAdapter'
import { devnetThorchainKey } from '../thorchain/devnetThorchainKey'
import { thorchainSpec } from '../thorchain/thorchainSpec'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { utxoSpecOf } from '../utxo/utxoSpecOf'
import { runWorker } from './runWorker'

/** The parameters of the network worker: where each chain's node answers and where THORNode's API listens. */
export const networkWorkerParams = z.object({
  host: z.string(),
  port: z.number().int(),
  dataDir: z.string(),
  tickIntervalMs: z.number().int().positive(),
  utxo: z.array(
    z.object({
      symbol: z.enum(['BTC', 'BCH', 'DOGE', 'LTC']),
      rpcUrl: z.string(),
      username: z.string().optional(),
      password: z.string().optional(),
      blockSeconds: z.number().positive(),
    }),
  ),
  /** EVM chains with the router; the vault signs with the devnet's liquidity vault key. */
  evm: z.array(
    z.object({
      chain: z.enum(['ETH', 'BSC', 'AVAX']),
      gasAsset: z.string(),
      chainId: z.number().int(),
      rpcUrl: z.string(),
      router: z
        .string()
        .refine((value) => isAddress(value), 'expected an address')
        .transform((value) => getAddress(value)),
      /** Where the devnet records the head its last state save covers: blocks above it are not final. */
      savedHeadPath: z.string().optional(),
    }),
  ),
  /** The Cosmos Hub's CometBFT RPC; the vault signs with the devnet's Cosmos vault key. */
  cosmos: z.object({ rpcUrl: z.string(), blockSeconds: z.number().positive() }).optional(),
})

export type NetworkWorkerParams = z.infer<typeof networkWorkerParams>

/**
 * How long a devnet EVM block must keep its hash before the observer reads it or a payout in it is final:
 * the anvils save their state every 5 s (`startDevnet`), so a crash can take a younger block away, and they
 * mine a block per transaction, so there is no depth to wait for.
 */
const DEVNET_EVM_FINALITY_MS = 6_000

/** RUNE (1e8 units) the devnet's memo registrar holds at THORChain's genesis: 50 million registrations' fees. */
const REGISTRAR_GENESIS_RUNE = 1_000_000n * 10n ** 8n

runWorker('liquidity network', async (raw) => {
  const params = networkWorkerParams.parse(raw)
  const log = (message: string) => console.log(message)
  const chains: NetworkChainAdapter[] = params.utxo.map((c) => {
    const rpc = createBitcoinRpcClient({
      url: c.rpcUrl,
      ...(c.username === undefined ? {} : { username: c.username, password: c.password ?? '' }),
    })
    return createUtxoChainAdapter({
      chain: c.symbol,
      vault: createUtxoVault(utxoSpecOf(c.symbol), rpc),
      rpc,
      outboundFee: devnetOutboundFees[c.symbol] ?? 0n,
    })
  })
  for (const { savedHeadPath, ...c } of params.evm)
    chains.push(
      createEvmChainAdapter({
        ...c,
        ...(savedHeadPath === undefined ? {} : { savedHeadPath }),
        vault: getDevnetEvmVault(),
        outboundFee: devnetOutboundFees[c.chain] ?? 0n,
        finalityMs: DEVNET_EVM_FINALITY_MS,
      }),
    )
  if (params.cosmos !== undefined)
    chains.push(
      createCosmosChainAdapter({
        vault: await createCosmosVault(cosmosHubSpec(), params.cosmos.rpcUrl),
        outboundFee: devnetOutboundFees.GAIA ?? 0n,
      }),
    )
  const served = new Set(chains.map((c) => c.gasAsset))
  const initialPools = Object.fromEntries(Object.entries(devnetPools).filter(([asset]) => served.has(asset)))
  const spec = thorchainSpec()
  const [registrar] = await (
    await DirectSecp256k1Wallet.fromKey(devnetThorchainKey('memo registrar'), spec.bech32Prefix)
  ).getAccounts()
  if (registrar === undefined) throw new Error('the memo registrar key has no account')
  const network = await createLiquidityNetwork({
    chains,
    initialPools,
    dataDir: params.dataDir,
    log,
    // THORChain itself, for deposits paid without a memo: the server's registrar holds the RUNE for their fees
    thorchain: { spec, genesis: [{ address: registrar.address, rune: REGISTRAR_GENESIS_RUNE }] },
  })
  network.start(params.tickIntervalMs)
  const api = createThornodeApi({
    network,
    chains: [
      ...params.utxo.map((c) => ({ chain: c.symbol, blockSeconds: c.blockSeconds })),
      ...params.evm.map((c) => ({ chain: c.chain, blockSeconds: 2 })),
      ...(params.cosmos === undefined ? [] : [{ chain: 'GAIA', blockSeconds: params.cosmos.blockSeconds }]),
    ],
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: api.fetch, port: params.port, hostname: params.host }, () => resolve(s))
    s.once('error', reject)
  })
  return {
    ready: { thornodeUrl: `http://${params.host}:${params.port}` },
    async stop() {
      await network.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
})
