import { createRoute, z } from '@hono/zod-openapi'
import { getChainInfo } from '../chains/chainInfo'
import { AppError, compatibleMessages } from '../errors'
import { createRouter } from '../openapi/createRouter'
import {
  ChainIdParamsSchema,
  CrossChainStatusSchema,
  errorResponses,
  optionalChainIdParam,
  optionalQueryParam,
} from '../openapi/schemas'
import { SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'

/** Any chain's account (EVM, UTXO or Cosmos address): checked by the flow that serves the pair. */
const accountParam = (name: string) =>
  optionalQueryParam(z.string().max(128, `${name} must be at most 128 characters`)).openapi({
    type: 'string',
    description: `${name === 'sender' ? 'Paying' : 'Receiving'} account on its chain (EVM, UTXO or Cosmos address)`,
  })

const CrossQuoteQuerySchema = SingleQuoteQuerySchema.omit({ sender: true, receiver: true, dex: true })
  .extend({
    destinationChainId: optionalChainIdParam.openapi({
      type: 'integer',
      example: 56,
      description: 'Destination chain (negative ids for UTXO and Cosmos chains)',
    }),
    sender: accountParam('sender'),
    receiver: accountParam('receiver'),
  })
  .openapi('CrossQuoteQuery')

const CrossSwapBodySchema = z
  .object({
    transactionData: z.record(z.string(), z.unknown(), { error: 'transactionData must be an object' }),
    nativeValue: z.string().optional(),
    account: z.string({ error: 'account is required' }).max(128),
    receiver: z.string().max(128).optional(),
  })
  .openapi('CrossSwapBody')

const TxHashParamsSchema = z.object({
  txHash: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'expected a 32-byte transaction hash (hex, 0x-prefixed on EVM chains)')
    .openapi({ param: { name: 'txHash', in: 'path' }, example: `0x${'ab'.repeat(32)}` }),
})

const ProviderInfoSchema = z.object({
  name: z.string(),
  logo: z.string(),
  website: z.string(),
  docsLink: z.string(),
  description: z.string(),
})

const CrossChainTxSchema = z
  .object({
    srcTxHash: z.string(),
    dstTxHash: z.string().nullable().openapi({ description: 'Set once the status is DELIVERED' }),
    srcChainId: z.number().int(),
    dstChainId: z.number().int(),
    status: CrossChainStatusSchema,
    tradeProtocol: z.string().openapi({ example: 'CROSS_CHAIN_THORCHAIN' }),
    receivedDifferentTokens: z.boolean().openapi({
      description: 'True when the destination swap failed and the bridged token was delivered instead',
    }),
    providerInfo: ProviderInfoSchema,
  })
  .openapi('CrossChainTx')

const InboundAddressSchema = z
  .object({
    chain: z
      .number()
      .int()
      .openapi({ description: 'Numeric chain id (negative for UTXO and Cosmos chains)' }),
    address: z
      .string()
      .openapi({ description: 'Inbound vault address of the liquidity network on that chain' }),
    router: z.string().optional().openapi({ description: 'Router contract (EVM chains)' }),
    halted: z.boolean(),
  })
  .openapi('InboundAddress')

const reserved =
  'Reserved: no cross-chain provider or liquidity network is served yet, so every well-formed request answers ' +
  `422 \`NO_ROUTE\` with the message \`${compatibleMessages.noCrossChainProvider}\` (what clients read as "try ` +
  'another provider"); an unknown chain answers 400 `UNSUPPORTED_CHAIN`.'

const crossAnswer = z
  .array(z.record(z.string(), z.unknown()))
  .openapi({ description: 'One object per provider, best first (never answered today, see the description)' })

const quoteCrossRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/quote/cross',
  tags: ['Cross chain'],
  summary: 'All available quotes for a cross-chain trade (also UTXO/Cosmos trades)',
  description: reserved,
  request: { params: ChainIdParamsSchema, query: CrossQuoteQuerySchema },
  responses: {
    200: { description: 'Quotes, best first', content: { 'application/json': { schema: crossAnswer } } },
    ...errorResponses(400, 422, 429),
  },
})

const swapCrossGetRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/swap/cross',
  tags: ['Cross chain'],
  summary: 'Transaction data for a cross-chain trade',
  description: reserved,
  request: { params: ChainIdParamsSchema, query: CrossQuoteQuerySchema },
  responses: {
    200: {
      description: 'Transaction data',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const swapCrossPostRoute = createRoute({
  method: 'post',
  path: '/trade/v1/{chainId}/swap/cross',
  tags: ['Cross chain'],
  summary: 'Transaction data for a chosen cross-chain quote (body: its transactionData and the account)',
  description: reserved,
  request: {
    params: ChainIdParamsSchema,
    body: { content: { 'application/json': { schema: CrossSwapBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Transaction data',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const txRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/tx/{txHash}',
  tags: ['Cross chain'],
  summary: 'Cross-chain trade by origin-chain transaction hash',
  description:
    'Status vocabulary: `PENDING | INFLIGHT | DELIVERED | FAILED` (upper case); `dstTxHash` is set once ' +
    'DELIVERED. Extra query parameters (e.g. `timestamp`) are ignored. A hash of no cross-chain trade answers ' +
    '404 `NOT_FOUND`; no cross-chain flow is served yet, so today every hash does.',
  request: { params: TxHashParamsSchema },
  responses: {
    200: { description: 'The trade', content: { 'application/json': { schema: CrossChainTxSchema } } },
    ...errorResponses(400, 404, 429),
  },
})

const inboundDescription =
  'Inbound vaults of the liquidity network (THORChain-style) per chain, matched by numeric chain id. Empty ' +
  'while no liquidity network is served (today).'

const inboundRouteConfig = <P extends string>(path: P, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Cross chain'],
    summary,
    description: inboundDescription,
    responses: {
      200: {
        description: 'Inbound addresses',
        content: { 'application/json': { schema: z.array(InboundAddressSchema) } },
      },
      ...errorResponses(429),
    },
  })

const inboundRoute = inboundRouteConfig(
  '/info/provider-inbound-address',
  'Information for a cross-chain trade involving a UTXO asset',
)
const thorchainInboundRoute = inboundRouteConfig(
  '/trade/info/thorchain-inbound-address',
  'Alias of /info/provider-inbound-address (the path clients of the compatible API call)',
)

/**
 * Throws the answer of a cross-chain request while no cross-chain flow is mounted: 400 `UNSUPPORTED_CHAIN` for a
 * chain the server does not know, 400 `INVALID_PARAMS` for the same chain on both sides, else 422 `NO_ROUTE` with
 * the compatible message `No cross chain provider available for this trade`.
 */
function throwNoCrossProvider(sourceChainId: number, destinationChainId: number | undefined): never {
  for (const chainId of [sourceChainId, destinationChainId]) {
    if (chainId !== undefined && getChainInfo(chainId) === undefined) {
      throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} is not supported`, { details: { chainId } })
    }
  }
  if (destinationChainId === sourceChainId) {
    throw new AppError('INVALID_PARAMS', 'destinationChainId is the source chain: use quote/single', {
      details: { param: 'destinationChainId' },
    })
  }
  throw new AppError('NO_ROUTE', compatibleMessages.noCrossChainProvider, {
    details: { sourceChainId, destinationChainId, reason: 'No cross-chain provider is served yet' },
  })
}

const requireDestination = (destinationChainId: number | undefined): number => {
  if (destinationChainId === undefined) {
    throw new AppError('INVALID_PARAMS', 'destinationChainId is required', {
      details: { param: 'destinationChainId' },
    })
  }
  return destinationChainId
}

/**
 * The cross-chain and liquidity-network paths clients of the compatible API call, routed and documented but
 * answering truthfully that no such flow is served yet (see `throwNoCrossProvider`): the quote and swap paths
 * refuse with `No cross chain provider available for this trade`, the inbound-address lists are empty and
 * `info/tx` knows no hash. The cross-chain work replaces these handlers when its flows are mounted.
 */
export function createCrossRoutes() {
  return createRouter()
    .openapi(quoteCrossRoute, (c) => {
      const { destinationChainId } = c.req.valid('query')
      return throwNoCrossProvider(c.req.valid('param').chainId, requireDestination(destinationChainId))
    })
    .openapi(swapCrossGetRoute, (c) => {
      const { destinationChainId } = c.req.valid('query')
      return throwNoCrossProvider(c.req.valid('param').chainId, requireDestination(destinationChainId))
    })
    .openapi(swapCrossPostRoute, (c) => {
      c.req.valid('json')
      return throwNoCrossProvider(c.req.valid('param').chainId, undefined)
    })
    .openapi(txRoute, (c) => {
      const { txHash } = c.req.valid('param')
      throw new AppError('NOT_FOUND', `No cross-chain trade has origin transaction ${txHash}`, {
        details: { txHash },
      })
    })
    .openapi(inboundRoute, (c) => c.json([], 200))
    .openapi(thorchainInboundRoute, (c) => c.json([], 200))
}
