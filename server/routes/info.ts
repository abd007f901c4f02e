import { createRoute, z } from '@hono/zod-openapi'
import { assertSupportedChain } from '../chains/assertSupportedChain'
import { nonEvmChainInfos } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import { getChainFlows, type MountedFlows } from '../chains/getChainFlows'
import { getChainRecord } from '../chains/getChainRecord'
import { getNonEvmChainRecord } from '../chains/getNonEvmChainRecord'
import { getSourceRecords } from '../chains/getSourceRecords'
import { buildContractAddresses } from '../compat/buildContractAddresses'
import type { Config } from '../config'
import { createRouter } from '../openapi/createRouter'
import { AddressSchema, ChainIdFilterQuerySchema, errorResponses } from '../openapi/schemas'
import { poolKindIds } from '../poolKinds/poolKinds'
import { CONTRACT_VERSION } from '../quotes/contractVersion'

const zeroAddressExample = '0x0000000000000000000000000000000000000000'

const ChainFlowsSchema = z
  .object({
    singleChain: z.boolean(),
    crossChain: z.boolean(),
    utxo: z.boolean(),
    gasless: z.boolean(),
  })
  .openapi({ description: 'True only for flows that are mounted and working on this chain' })

const ChainRecordSchema = z
  .object({
    chainId: z.number().int().openapi({ example: 1 }),
    family: z.literal('evm').openapi({ description: 'How the chain is addressed and signed' }),
    name: z.string().openapi({ example: 'Ethereum' }),
    shortName: z.string().openapi({ example: 'eth' }),
    nativeCurrency: z.object({
      name: z.string().openapi({ example: 'Ether' }),
      symbol: z.string().openapi({ example: 'ETH' }),
      decimals: z.number().int().openapi({ example: 18 }),
      address: AddressSchema.openapi({ example: zeroAddressExample }),
    }),
    wrappedNative: z.object({
      address: AddressSchema,
      symbol: z.string().openapi({ example: 'WETH' }),
      name: z.string().openapi({ example: 'Wrapped Ether' }),
      decimals: z.number().int().openapi({ example: 18 }),
    }),
    logo: z.string().openapi({ example: '/chains/1.svg', description: 'Same-origin path of the chain logo' }),
    rpcUrl: z.string().openapi({
      example: '/rpc/1',
      description: 'Same-origin JSON-RPC proxy path (POST); resolve it against the page origin',
    }),
    aggregator: AddressSchema.openapi({ description: 'Aggregator contract (spender for approvals)' }),
    flows: ChainFlowsSchema,
    blockTimeMs: z.number().int().openapi({ example: 12000 }),
    isDevnet: z
      .boolean()
      .openapi({ description: 'True when the chain is a local devnet started by the server' }),
  })
  .openapi('Chain')

const NonEvmChainRecordSchema = z
  .object({
    chainId: z.number().int().openapi({ example: -3980891822 }),
    family: z.enum(['utxo', 'cosmos']),
    name: z.string().openapi({ example: 'Bitcoin' }),
    shortName: z.string().openapi({ example: 'btc' }),
    nativeCurrency: z.object({
      name: z.string().openapi({ example: 'Bitcoin' }),
      symbol: z.string().openapi({ example: 'BTC' }),
      decimals: z.number().int().openapi({ example: 8 }),
      address: AddressSchema.openapi({ example: zeroAddressExample, description: 'The zero address' }),
    }),
    logo: z.string().openapi({ example: '/chains/-3980891822.svg' }),
    flows: ChainFlowsSchema,
    blockTimeMs: z.number().int().openapi({ example: 600000 }),
    isDevnet: z.boolean(),
  })
  .openapi('NonEvmChain', {
    description:
      'A UTXO or Cosmos chain a mounted provider serves (`format=list` only): its native coin only',
  })

const SourceRecordSchema = z
  .object({
    id: z.string().openapi({ example: 'uniswap-v3', description: 'Stable id, usable in excludedDexes' }),
    name: z.string().openapi({ example: 'Uniswap V3' }),
    kind: z.enum(poolKindIds),
    logo: z.string().nullable().openapi({ example: null }),
    factory: AddressSchema.openapi({ example: '0x1F98431c8aD98523631AE4a59f267346ea31F984' }),
  })
  .openapi('Source')

const AppConfigSchema = z
  .object({
    mode: z.enum(['devnet', 'network']),
    walletConnectProjectId: z
      .string()
      .nullable()
      .openapi({ description: 'WalletConnect Cloud project id; null disables WalletConnect', example: null }),
    quoteTtlSec: z.number().int().openapi({ example: 30 }),
  })
  .openapi('AppConfig')

const ChainsQuerySchema = z.object({
  format: z
    .enum(['object', 'list'], { error: 'format must be object or list' })
    .optional()
    .openapi({
      param: {
        name: 'format',
        in: 'query',
        description:
          '`object` (default): `{ chains: { "<chainId>": Chain } }`, the compatible API shape (EVM chains); ' +
          '`list`: an array in the server order (what the web app reads), EVM chains then the UTXO and Cosmos ' +
          'chains a mounted provider serves (`NonEvmChain`)',
      },
      example: 'list',
    }),
})

const chainsRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/chains',
  tags: ['Info'],
  summary: 'List supported chains',
  request: { query: ChainsQuerySchema },
  responses: {
    200: {
      description: 'Every chain the server serves, keyed by chain id (default) or as a list (`format=list`)',
      content: {
        'application/json': {
          schema: z.union([
            z.object({ chains: z.record(z.string(), ChainRecordSchema) }),
            z.array(z.union([ChainRecordSchema, NonEvmChainRecordSchema])),
          ]),
        },
      },
    },
    ...errorResponses(400),
  },
})

const sourcesRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/sources',
  tags: ['Info'],
  summary: 'List exchanges for each supported chain',
  request: { query: ChainIdFilterQuerySchema },
  responses: {
    200: {
      description: 'Exchanges keyed by chain id',
      content: {
        'application/json': {
          schema: z.record(z.string(), z.array(SourceRecordSchema)).openapi({
            example: {
              '1': [
                {
                  id: 'uniswap-v3',
                  name: 'Uniswap V3',
                  kind: 'uniswap-v3',
                  logo: null,
                  factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
                },
              ],
            },
          }),
        },
      },
    },
    ...errorResponses(400),
  },
})

const versionAddress = (description: string) => AddressSchema.optional().openapi({ description })

const ChainContractsSchema = z.object({
  chainId: z.number().int().openapi({ example: 1 }),
  name: z.string().openapi({ example: 'Ethereum' }),
  shortName: z.string().openapi({ example: 'eth' }),
  v1: AddressSchema.openapi({
    description: 'The Aggregator (contract version `v1`): single-chain swap `to` and approval spender',
  }),
  v2: versionAddress('StargateEntry (contract version `v2`), where Stargate is served'),
  v3: versionAddress('AcrossEntry (contract version `v3`), where Across is served'),
  v4: versionAddress(
    'LiquidityEntry (contract version `v4`), where the liquidity network takes EVM deposits',
  ),
  router: AddressSchema.openapi({ description: 'Same as `v1`' }),
  spender: AddressSchema.openapi({ description: 'Same as `v1`' }),
  wrappedNative: AddressSchema,
  permit2: AddressSchema,
  multicall3: AddressSchema,
})

const versionMap = (description: string, example: Record<string, string>) =>
  z.record(z.string(), AddressSchema).openapi({ description, example })

const ContractAddressesSchema = z
  .object({
    contractVersion: z.literal(CONTRACT_VERSION).openapi({ description: "The single-chain swaps' version" }),
    v1: versionMap('Aggregator by chain id: `map[contractVersion][chainId]` of every single-chain swap', {
      '1': '0x1111111111111111111111111111111111111111',
    }),
    v2: versionMap('StargateEntry by chain id: cross-chain answers with `contractVersion: "v2"`', {}),
    v3: versionMap('AcrossEntry by chain id: cross-chain answers with `contractVersion: "v3"`', {}),
    v4: versionMap('LiquidityEntry by chain id: liquidity-network answers with `contractVersion: "v4"`', {}),
    chains: z
      .record(z.string(), ChainContractsSchema)
      .openapi({ description: 'Every contract, by chain id' }),
  })
  .openapi('ContractAddresses')

const contractAddressesRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/contract-addresses',
  tags: ['Info'],
  summary: 'Contract addresses for a client address map',
  description:
    "The contracts of this server's deployments, for clients that keep an address map keyed by contract " +
    'version and chain instead of hard-coding them: `map[contractVersion][chainId]` is the `to` of every ' +
    'transaction whose answer carries that `contractVersion` and the spender of its approval (`v1` the ' +
    'Aggregator, `v2` StargateEntry, `v3` AcrossEntry, `v4` LiquidityEntry).',
  responses: {
    200: {
      description: 'Addresses by contract version and chain id',
      content: { 'application/json': { schema: ContractAddressesSchema } },
    },
  },
})

const appConfigRoute = createRoute({
  method: 'get',
  path: '/api/config',
  tags: ['Info'],
  summary: 'Runtime configuration for the web app',
  responses: {
    200: {
      description: 'Public runtime settings',
      content: { 'application/json': { schema: AppConfigSchema } },
    },
  },
})

export interface InfoRoutesDeps {
  deployments: readonly ChainDeployment[]
  isDevnet: boolean
  config: Pick<Config, 'walletConnectProjectId' | 'quoteTtlSec'>
  /** The chains each flow is mounted on: the chain list advertises nothing else. */
  mountedFlows: MountedFlows
}

/**
 * Information endpoints that need nothing but the deployments: supported chains (keyed by chain id, or a
 * list with `format=list`), exchanges per chain, the contract addresses for client address maps
 * and the public runtime config of the web app (token lists live in `routes/tokens.ts`). A `chainId`
 * filter for a chain that is not deployed answers 400 `UNSUPPORTED_CHAIN`.
 */
export function createInfoRoutes(deps: InfoRoutesDeps) {
  const { deployments, isDevnet, config, mountedFlows } = deps
  const contractAddresses = buildContractAddresses(deployments)
  const pick = (chainId: number | undefined) =>
    chainId === undefined ? deployments : [assertSupportedChain(deployments, chainId)]
  return createRouter()
    .openapi(chainsRoute, (c) => {
      const records = deployments.map((deployment) =>
        getChainRecord({ deployment, isDevnet, flows: getChainFlows(deployment.chainId, mountedFlows) }),
      )
      if (c.req.valid('query').format === 'list') {
        const nonEvm = nonEvmChainInfos.flatMap((info) => {
          const flows = getChainFlows(info.id, mountedFlows)
          return flows.utxo || flows.crossChain ? [getNonEvmChainRecord({ info, isDevnet, flows })] : []
        })
        return c.json([...records, ...nonEvm], 200)
      }
      return c.json({ chains: Object.fromEntries(records.map((r) => [String(r.chainId), r])) }, 200)
    })
    .openapi(sourcesRoute, (c) => {
      const { chainId } = c.req.valid('query')
      const entries = pick(chainId).map((deployment) => [
        String(deployment.chainId),
        getSourceRecords(deployment),
      ])
      return c.json(Object.fromEntries(entries), 200)
    })
    .openapi(contractAddressesRoute, (c) => c.json(contractAddresses, 200))
    .openapi(appConfigRoute, (c) =>
      c.json(
        {
          mode: isDevnet ? ('devnet' as const) : ('network' as const),
          walletConnectProjectId: config.walletConnectProjectId ?? null,
          quoteTtlSec: config.quoteTtlSec,
        },
        200,
      ),
    )
}
