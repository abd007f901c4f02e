import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { poolKindIds } from '../poolKinds/poolKinds'
import type { ChainDeployment } from './deployment'
import { addressSchema as address, bytes32Schema as bytes32 } from './hexSchemas'
import { type LiquidityNetworkConfig, liquidityNetworkConfigSchema } from './liquidityNetworkConfig'
import { loadTokenLists } from './loadTokenLists'
import { mergeTokenLists } from './mergeTokenLists'
import { NetworkConfigError } from './NetworkConfigError'

const tokenTag = z.enum([
  'native',
  'wrapped-native',
  'stable',
  'major',
  'long-tail',
  'fee-on-transfer',
  'approve-reset',
  'no-return-value',
])

const deploymentSchema = z.object({
  chainId: z.number().int(),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  wrappedNative: address,
  multicall3: address,
  permit2: address,
  aggregator: address,
  liquidityRouter: address.optional(),
  liquidityEntry: address.optional(),
  gaslessSettlement: address.optional(),
  startBlock: z.number().int().nonnegative(),
  // optional when the chain's tokens come from token lists (`tokenLists`) alone
  tokens: z
    .array(
      z.object({
        address,
        symbol: z.string().min(1),
        name: z.string().min(1),
        decimals: z.number().int().min(0).max(255),
        tags: z.array(tokenTag),
        transferFeeBps: z.number().int().min(0).max(10_000).optional(),
        logo: z.string().optional(),
      }),
    )
    .default([]),
  exchanges: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      kind: z.enum(poolKindIds),
      factory: address,
      initCodeHash: bytes32,
      aggregatorFactoryId: z.number().int().nonnegative(),
      v2FeeBps: z.number().int().min(0).max(10_000).optional(),
      router: address.optional(),
      quoter: address.optional(),
      positionManager: address.optional(),
      logo: z.string().optional(),
      poolDeployer: address.optional(),
      v4: z
        .object({
          stateView: address,
          entries: z.array(
            z.object({
              tickSpacing: z.number().int().min(1).max(32_767),
              native: z.boolean(),
              factoryId: z.number().int().nonnegative(),
            }),
          ),
        })
        .optional(),
    }),
  ),
  layerZero: z
    .object({
      eid: z.number().int().positive(),
      endpoint: address,
      sendUln302: address,
      receiveUln302: address,
      executor: address,
      dvn: address,
      priceFeed: address,
      treasury: address,
      executorFeeLib: address,
      dvnFeeLib: address,
    })
    .optional(),
  stargate: z
    .object({
      tokenMessaging: address,
      creditMessaging: address,
      entry: address,
      composer: address,
      pools: z.array(
        z.object({
          assetId: z.number().int().positive(),
          symbol: z.string().min(1),
          token: address,
          decimals: z.number().int().min(0).max(255),
          pool: address,
          feeLib: address.optional(),
        }),
      ),
    })
    .optional(),
  across: z
    .object({
      spokePool: address,
      handler: address.optional(),
      entry: address.optional(),
      assets: z.array(
        z.object({
          asset: z.string().min(1),
          token: address,
          decimals: z.number().int().min(0).max(255),
        }),
      ),
      relayers: z.array(address),
    })
    .optional(),
}) satisfies z.ZodType<ChainDeployment, unknown>

/**
 * THORNode's answers name the vaults and routers deposits are paid to: in network mode they travel over TLS only
 * (the devnet composes its own http URLs without this schema).
 */
const thornodeHttpsUrl = z.url({
  protocol: /^https$/,
  error: 'expected an https:// URL (THORNode names the vaults deposits are paid to)',
})

const networkLiquiditySchema = liquidityNetworkConfigSchema.extend({
  thornodeUrl: thornodeHttpsUrl,
  thornodeCheckUrl: thornodeHttpsUrl.optional(),
})

const networkConfigSchema = z
  .union([
    z.array(deploymentSchema),
    z.object({ chains: z.array(deploymentSchema) }).transform((o) => o.chains),
  ])
  .refine((chains) => chains.length > 0, 'expected at least one chain')
  .refine(
    (chains) => new Set(chains.map((c) => c.chainId)).size === chains.length,
    'each chainId may appear only once',
  )

/**
 * Validates network-mode configuration: a JSON array of chain deployments, or an object with a
 * `chains` array (so a devnet manifest works too). Addresses come back checksummed. Throws
 * `NetworkConfigError` listing each problem with its JSON path.
 */
export function parseNetworkConfig(json: unknown): ChainDeployment[] {
  const result = networkConfigSchema.safeParse(json)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    )
    throw new NetworkConfigError(`Invalid network config:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}

/**
 * The optional `liquidityNetwork` section of a network config object (`{ chains, liquidityNetwork }`): where
 * THORNode's API (https only: `thornodeUrl`, and `thornodeCheckUrl` when given) and the UTXO chains' RPC answer.
 * Undefined when absent (or when the config is a bare array); throws `NetworkConfigError` naming each problem when
 * present but invalid.
 */
export function parseLiquidityNetworkConfig(json: unknown): LiquidityNetworkConfig | undefined {
  if (typeof json !== 'object' || json === null || !('liquidityNetwork' in json)) return undefined
  const result = networkLiquiditySchema.safeParse(json.liquidityNetwork)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `liquidityNetwork.${issue.path.join('.')}: ${issue.message}`,
    )
    throw new NetworkConfigError(`Invalid network config:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}

/**
 * Reads the network config file at `file` with its optional liquidity network section, and the token lists it
 * names (`tokenLists`, merged into the chains' tokens by `mergeTokenLists`). Throws `NetworkConfigError`.
 */
export async function loadNetworkConfigWithLiquidity(
  file: string,
): Promise<{ chains: ChainDeployment[]; liquidityNetwork: LiquidityNetworkConfig | undefined }> {
  const json = await readNetworkConfigJson(file)
  return { chains: await withTokenLists(json, file), liquidityNetwork: parseLiquidityNetworkConfig(json) }
}

/**
 * Reads and validates the network config file at `file` (see `parseNetworkConfig`), with the tokens of the token
 * lists it names. Throws `NetworkConfigError`.
 */
export async function loadNetworkConfig(file: string): Promise<ChainDeployment[]> {
  return withTokenLists(await readNetworkConfigJson(file), file)
}

async function withTokenLists(json: unknown, file: string): Promise<ChainDeployment[]> {
  const chains = parseNetworkConfig(json)
  return mergeTokenLists(chains, await loadTokenLists(json, path.dirname(file)))
}

async function readNetworkConfigJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error: unknown) {
    throw new NetworkConfigError(`Cannot read NETWORK_CONFIG file ${file}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error: unknown) {
    throw new NetworkConfigError(`NETWORK_CONFIG file ${file} is not valid JSON`, { cause: error })
  }
  return json
}
