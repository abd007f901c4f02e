import { createRoute, z } from '@hono/zod-openapi'
import { assertSupportedChain } from '../../server/chains/assertSupportedChain'
import { createRouter } from '../../server/openapi/createRouter'
import { AddressInputSchema, AddressSchema, AmountSchema, errorResponses } from '../../server/openapi/schemas'
import type { Devnet } from '../startDevnet'

/** What the server needs from a running devnet (`startDevnet` returns a superset). */
export type DevnetHandle = Pick<Devnet, 'manifest' | 'fund' | 'stop'>

const ChainDeploymentSchema = z
  .object({
    chainId: z.number().int(),
    rpcUrl: z.string(),
    wrappedNative: z.string(),
    multicall3: z.string(),
    permit2: z.string(),
    aggregator: z.string(),
    startBlock: z.number().int(),
    tokens: z.array(
      z.object({
        address: z.string(),
        symbol: z.string(),
        name: z.string(),
        decimals: z.number().int(),
        tags: z.array(z.string()),
        transferFeeBps: z.number().int().optional(),
        logo: z.string().optional(),
      }),
    ),
    exchanges: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.string(),
        factory: z.string(),
        initCodeHash: z.string(),
        aggregatorFactoryId: z.number().int(),
        v2FeeBps: z.number().int().optional(),
        router: z.string().optional(),
        quoter: z.string().optional(),
        positionManager: z.string().optional(),
        logo: z.string().optional(),
      }),
    ),
  })
  .openapi('ChainDeployment')

const DevnetManifestSchema = z
  .object({
    version: z
      .string()
      .openapi({ example: '3f9a1c2b', description: 'Hash of contracts, deploy code and markets' }),
    chains: z.array(ChainDeploymentSchema),
    devAccounts: z
      .array(AddressSchema)
      .openapi({ description: "anvil's standard dev accounts (the public 'test ... junk' mnemonic)" }),
  })
  .openapi('DevnetManifest')

const FaucetRequestSchema = z
  .object({
    address: AddressInputSchema.openapi({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    chainId: z
      .number()
      .int()
      .optional()
      .openapi({ example: 1, description: 'Only this chain; all chains when absent' }),
  })
  .openapi('FaucetRequest')

const FaucetResponseSchema = z
  .object({
    address: AddressSchema,
    chains: z.array(
      z.object({
        chainId: z.number().int().openapi({ example: 1 }),
        native: AmountSchema.openapi({
          example: '100000000000000000000',
          description: 'Native amount added (wei)',
        }),
        tokens: z.array(
          z.object({
            address: AddressSchema,
            symbol: z.string().openapi({ example: 'WETH' }),
            amount: AmountSchema.openapi({ example: '7142857142857142857' }),
          }),
        ),
      }),
    ),
  })
  .openapi('FaucetResponse')

const manifestRoute = createRoute({
  method: 'get',
  path: '/devnet/manifest',
  tags: ['Devnet'],
  summary: 'Devnet deployment manifest (devnet mode only)',
  responses: {
    200: {
      description: 'Chains, addresses and dev accounts',
      content: { 'application/json': { schema: DevnetManifestSchema } },
    },
  },
})

const faucetRoute = createRoute({
  method: 'post',
  path: '/devnet/faucet',
  tags: ['Devnet'],
  summary: 'Fund an address with devnet native currency and tokens (devnet mode only)',
  request: { body: { required: true, content: { 'application/json': { schema: FaucetRequestSchema } } } },
  responses: {
    200: { description: 'What was sent', content: { 'application/json': { schema: FaucetResponseSchema } } },
    ...errorResponses(400, 415),
  },
})

/**
 * Devnet-only endpoints, mounted only when the server started its own devnet: the deployment manifest
 * and a faucet. A faucet `chainId` that is not deployed answers 400 `UNSUPPORTED_CHAIN`; amounts are
 * decimal strings of base units.
 */
export function createDevnetRoutes(deps: { devnet: DevnetHandle }) {
  const { devnet } = deps
  return createRouter()
    .openapi(manifestRoute, (c) => c.json(devnet.manifest, 200))
    .openapi(faucetRoute, async (c) => {
      const { address, chainId } = c.req.valid('json')
      if (chainId !== undefined) assertSupportedChain(devnet.manifest.chains, chainId)
      const result = await devnet.fund({ address, ...(chainId === undefined ? {} : { chainId }) })
      return c.json(
        {
          address: result.address,
          chains: result.chains.map((chain) => ({
            chainId: chain.chainId,
            native: chain.native.toString(),
            tokens: chain.tokens.map((token) => ({
              address: token.address,
              symbol: token.symbol,
              amount: token.amount.toString(),
            })),
          })),
        },
        200,
      )
    })
}

/** Type of the devnet's routes, for the web app's `hc<DevnetAppType>` client. */
export type DevnetAppType = ReturnType<typeof createDevnetRoutes>
