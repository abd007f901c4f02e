import { fileURLToPath } from 'node:url'
import { createRoute, z } from '@hono/zod-openapi'
import { assertSupportedChain } from '../chains/assertSupportedChain'
import { AppError } from '../errors'
import type { Markets } from '../market/createMarkets'
import { createRouter } from '../openapi/createRouter'
import {
  AddressInputSchema,
  AddressSchema,
  ChainIdFilterQuerySchema,
  ChainIdParamsSchema,
  errorResponses,
  optionalChainIdParam,
  optionalQueryParam,
} from '../openapi/schemas'
import type { Db } from '../store/db'
import { adoptionLimits } from '../tokens/adoptionLimits'
import { createTokenAdopter } from '../tokens/createTokenAdopter'
import { createTokenCatalog } from '../tokens/createTokenCatalog'
import { createTokenLogoLoader } from '../tokens/createTokenLogoLoader'
import { findOrImportToken } from '../tokens/findOrImportToken'
import { getListedToken } from '../tokens/getListedToken'

const defaultPublicDir = fileURLToPath(new URL('../../public', import.meta.url))

const SEARCH_LIMIT_DEFAULT = 20
const SEARCH_LIMIT_MAX = 100
const LOGO_CACHE_CONTROL = 'public, max-age=86400, immutable'
const exampleAddress = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

const TokenRecordSchema = z
  .object({
    address: AddressSchema.openapi({ description: 'Checksummed; the zero address is the native currency' }),
    contractAddress: AddressSchema.openapi({ description: 'Same as `address` (compatible API name)' }),
    symbol: z.string().openapi({ example: 'WETH' }),
    name: z.string().openapi({ example: 'Wrapped Ether' }),
    decimals: z.number().int().openapi({ example: 18 }),
    chainId: z.number().int().openapi({ example: 1 }),
    logo: z.string().openapi({ example: `/trade/v1/info/tokenLogo/1/${exampleAddress}` }),
    tags: z.array(z.string()).openapi({ example: ['wrapped-native'] }),
    priceInUsd: z
      .number()
      .nullable()
      .openapi({ description: 'USD per whole token from the pools; null when unpriced', example: 3000 }),
    transferFeeBps: z
      .number()
      .int()
      .openapi({ description: 'Tax taken on every transfer, basis points', example: 0 }),
    buyTax: z.number().openapi({ description: 'Transfer tax in percent', example: 0 }),
    sellTax: z.number().openapi({ description: 'Transfer tax in percent', example: 0 }),
    isNative: z.boolean(),
  })
  .openapi('Token')

const PopularTokenSchema = TokenRecordSchema.extend({
  contracts: z
    .array(
      z.object({
        chain_id: z.number().int().openapi({ example: 1 }),
        contract_address: AddressSchema,
        decimals: z.number().int().openapi({ example: 18 }),
      }),
    )
    .openapi({ description: 'Where the token lives (compatible API shape): its one contract on `chainId`' }),
}).openapi('PopularToken')

const listIndex = (name: string) =>
  optionalQueryParam(
    z
      .string()
      .regex(/^\d{1,6}$/, `${name} must be a non-negative integer`)
      .transform(Number),
  )

const PopularQuerySchema = z.object({
  chainId: optionalChainIdParam.openapi({
    param: { name: 'chainId', in: 'query', description: 'Only this chain' },
    type: 'integer',
    example: 1,
  }),
  chain_id: optionalChainIdParam.openapi({
    param: { name: 'chain_id', in: 'query', description: 'Same as `chainId` (compatible API name)' },
    type: 'integer',
    example: 1,
  }),
  from: listIndex('from').openapi({
    param: { name: 'from', in: 'query', description: 'Index of the first token to answer (default 0)' },
    type: 'integer',
    example: 0,
  }),
  to: listIndex('to').openapi({
    param: {
      name: 'to',
      in: 'query',
      description: 'Index of the last token to answer, inclusive (default: the last)',
    },
    type: 'integer',
    example: 19,
  }),
})

const TokenPathSchema = ChainIdParamsSchema.extend({
  tokenAddress: AddressInputSchema.openapi({
    param: { name: 'tokenAddress', in: 'path', description: 'Token address; the zero address is native' },
    example: exampleAddress,
  }),
})

const SearchQuerySchema = ChainIdFilterQuerySchema.extend({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'query must not be empty')
    .max(100, 'query must be at most 100 characters')
    .openapi({
      param: { name: 'query', in: 'query', description: 'Symbol, name or address (whole or a 0x prefix)' },
      example: 'usd',
    }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `expected an integer from 1 to ${SEARCH_LIMIT_MAX}`)
    .transform(Number)
    .refine(
      (value) => value >= 1 && value <= SEARCH_LIMIT_MAX,
      `expected an integer from 1 to ${SEARCH_LIMIT_MAX}`,
    )
    .optional()
    .openapi({
      param: { name: 'limit', in: 'query', description: `At most this many (default 20, max 100)` },
      type: 'integer',
      example: 20,
    }),
})

const searchRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/token/search',
  tags: ['Info'],
  summary: 'Tokens matching a search term',
  description:
    'Matches symbol, name or address on one chain (`chainId`) or on every chain. Ranked by match (exact ' +
    'address, exact symbol, symbol prefix, name prefix, substring), then native, wrapped native, stables and ' +
    'majors before long-tail tokens, deeper liquidity first.',
  request: { query: SearchQuerySchema },
  responses: {
    200: {
      description: 'Matching tokens, best first',
      content: { 'application/json': { schema: z.array(TokenRecordSchema) } },
    },
    ...errorResponses(400, 429),
  },
})

const popularDescription =
  'Tokens of one chain (or of every chain, chain by chain, without a chain id): native currency, wrapped ' +
  'native, stables, majors, then long-tail tokens, each group by liquidity (deepest first), with prices. ' +
  '`chain_id` is an alias of `chainId`; `from` and `to` (inclusive indexes) answer a slice, e.g. `from=0&to=19` ' +
  'the first 20. Each token also carries `contracts: [{ chain_id, contract_address, decimals }]`.'

const popularRouteConfig = <P extends string>(path: P) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Info'],
    summary: 'Popular tokens',
    description: popularDescription,
    request: { query: PopularQuerySchema },
    responses: {
      200: {
        description: 'Token list',
        content: { 'application/json': { schema: z.array(PopularTokenSchema) } },
      },
      ...errorResponses(400, 429),
    },
  })

const popularRoute = popularRouteConfig('/v1/info/token/popular')
const tradePopularRoute = popularRouteConfig('/trade/v1/info/token/popular')

const tokenRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/token/{chainId}/{tokenAddress}',
  tags: ['Info'],
  summary: 'Token information; imports an unlisted token by address',
  description:
    'A listed token answers at once. An address the chain does not list is imported, as wallets and ' +
    "Uniswap's interface do: its `symbol`, `name` and `decimals` are read on chain (bytes32 texts " +
    "accepted), its pools against the chain's hub tokens (stable, major, wrapped native) are asked of each " +
    "exchange's factory, and those whose hub side is worth at least $" +
    `${adoptionLimits.minHubLiquidityUsd.toLocaleString('en-US')} at the server's USD prices are followed from ` +
    'then on. A transfer out of the deepest pool and back must deliver exactly (fee-on-transfer tokens are ' +
    'refused). The token is then quotable and swappable like a listed one, found again by its exact address ' +
    '(never by symbol) and kept across restarts; its record carries the tag `unverified`: anyone can deploy a ' +
    'token with any name, so clients should show a warning before using it. At most ' +
    `${adoptionLimits.maxTokensPerChain} tokens a chain are imported. Errors: 404 \`TOKEN_NOT_FOUND\` (no ` +
    'ERC-20 at the address), 404 `NO_LIQUIDITY` (no pool deep enough), 422 `TOKEN_TRANSFER_TAXED`, 429 ' +
    '`TOO_MANY_IMPORTED_TOKENS`, 503 `UPSTREAM_UNAVAILABLE` (the node did not answer).',
  request: { params: TokenPathSchema },
  responses: {
    200: {
      description: 'The token (tagged `unverified` when imported by address)',
      content: { 'application/json': { schema: TokenRecordSchema } },
    },
    ...errorResponses(400, 404, 422, 429, 503),
  },
})

const logoRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/tokenLogo/{chainId}/{tokenAddress}',
  tags: ['Info'],
  summary: 'Token logo (an SVG image)',
  description:
    'The shipped logo of well-known tokens, otherwise a generated badge (colour from the address, first ' +
    'letters of the symbol). Cacheable for a day; answers 304 to a matching `If-None-Match`.',
  request: { params: TokenPathSchema },
  responses: {
    200: {
      description: 'SVG image',
      headers: z.object({ etag: z.string(), 'cache-control': z.string() }),
      content: { 'image/svg+xml': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    304: { description: 'Not modified (the ETag matched)' },
    ...errorResponses(400, 404, 429),
  },
})

export interface TokenRoutesDeps {
  markets: Markets
  /** Where imported tokens are recorded (see `createTokenAdopter`). */
  db: Db
  /** Directory holding `tokens/<SYMBOL>.svg`; defaults to the repository's `public/`. */
  publicDir?: string
}

/**
 * Token endpoints: search, the popular list (native first, priced; under `/v1` and `/trade/v1`), one token's
 * record and its logo.
 * A `chainId` that is not deployed answers 400 `UNSUPPORTED_CHAIN`; a malformed address 400
 * `INVALID_PARAMS`; an unlisted token 404 `NOT_FOUND` (JSON, for the logo too), but for the token's own record,
 * which imports it (see `createTokenAdopter`).
 */
export function createTokenRoutes(deps: TokenRoutesDeps) {
  const { markets } = deps
  const catalog = createTokenCatalog({ markets })
  const adopter = createTokenAdopter({ markets, db: deps.db })
  const loadLogo = createTokenLogoLoader({ publicDir: deps.publicDir ?? defaultPublicDir })
  const assertChain = (chainId: number) =>
    assertSupportedChain(
      markets.all().map((m) => m.deployment),
      chainId,
    )
  const chainIdsOf = (chainId: number | undefined) =>
    chainId === undefined ? markets.all().map((m) => m.chainId) : [assertChain(chainId).chainId]
  const findToken = (chainId: number, tokenAddress: `0x${string}`) =>
    getListedToken(catalog, assertChain(chainId).chainId, tokenAddress)

  const listPopular = (query: z.output<typeof PopularQuerySchema>) => {
    const { chainId, chain_id, from = 0, to } = query
    if (chainId !== undefined && chain_id !== undefined && chainId !== chain_id) {
      throw new AppError('INVALID_PARAMS', 'chainId and chain_id name different chains', {
        details: { param: 'chain_id' },
      })
    }
    if (to !== undefined && to < from) {
      throw new AppError('INVALID_PARAMS', 'to must not be below from', { details: { param: 'to' } })
    }
    const tokens = chainIdsOf(chainId ?? chain_id).flatMap((id) =>
      catalog.listChain(id).map(({ record }) => ({
        ...record,
        contracts: [
          { chain_id: record.chainId, contract_address: record.address, decimals: record.decimals },
        ],
      })),
    )
    return tokens.slice(from, to === undefined ? undefined : to + 1)
  }

  return createRouter()
    .openapi(searchRoute, (c) => {
      const { query, chainId, limit } = c.req.valid('query')
      if (chainId !== undefined) assertChain(chainId)
      return c.json(catalog.search({ query, chainId, limit: limit ?? SEARCH_LIMIT_DEFAULT }), 200)
    })
    .openapi(popularRoute, (c) => c.json(listPopular(c.req.valid('query')), 200))
    .openapi(tradePopularRoute, (c) => c.json(listPopular(c.req.valid('query')), 200))
    .openapi(tokenRoute, async (c) => {
      const { chainId, tokenAddress } = c.req.valid('param')
      const token = await findOrImportToken({ catalog, adopter }, assertChain(chainId).chainId, tokenAddress)
      return c.json(token, 200)
    })
    .openapi(logoRoute, async (c) => {
      const { chainId, tokenAddress } = c.req.valid('param')
      const logo = await loadLogo(findToken(chainId, tokenAddress))
      c.header('etag', logo.etag)
      c.header('cache-control', LOGO_CACHE_CONTROL)
      if (matchesEtag(c.req.header('if-none-match'), logo.etag)) return c.body(null, 304)
      c.header('content-type', logo.contentType)
      c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      return c.body(logo.body, 200)
    })
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
