import { createRoute, z } from '@hono/zod-openapi'
import type { AppEnv, AuthContext } from '../appEnv'
import { apiKeyAuth } from '../auth/apiKeyAuth'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { errorResponses, pagingQueryParam } from '../openapi/schemas'
import type { Store } from '../store/createStore'
import { type CrossTrade, listCompanyCrossTrades } from '../store/crossTrades'
import { getTradesByTx, listCompanyTrades, type Trade } from '../store/trades'

const TradeInfoSchema = z
  .object({
    type: z.enum(['SINGLE-CHAIN', 'CROSS-CHAIN']),
    sender: z.string().openapi({ description: 'Account that called the aggregator (Swapped.sender)' }),
    receiver: z.string(),
    tokenFromAddress: z.string().openapi({ description: 'Zero address for the native currency' }),
    tokenToAddress: z.string(),
    chainIdFrom: z.number().int(),
    chainIdTo: z.number().int(),
    amount: z.string().openapi({ description: 'Input amount, base units', example: '1000000000000000000' }),
    txHash: z.string(),
    txHashDst: z.string().openapi({ description: 'Same as txHash for a single-chain trade' }),
    gasUsed: z.string(),
    tokensReceived: z
      .string()
      .openapi({ description: "Receiver's output amount, base units, after the fee" }),
    fee: z.string().openapi({ description: 'Integrator fee taken from the output, base units' }),
    status: z.number().int().openapi({ description: '1 success, 0 failed' }),
    blockNumber: z.number().int(),
    timestamp: z.string().openapi({ description: 'Block time, ISO 8601' }),
    txFrom: z.string(),
    txTo: z.string().nullable(),
    gasPrice: z.string().openapi({ description: 'Effective gas price, wei' }),
  })
  .openapi('TradeInfo')

const TradeParamsSchema = z.object({
  chainId: z
    .string()
    .regex(/^\d{1,12}$/, 'expected a positive numeric chain id')
    .transform(Number)
    .openapi({ param: { name: 'chainId', in: 'path' }, type: 'integer', example: 1 }),
  txHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 0x-prefixed 32-byte transaction hash')
    .openapi({ param: { name: 'txHash', in: 'path' }, example: `0x${'ab'.repeat(32)}` }),
})

const isoDate = z.iso
  .datetime({ offset: true, message: 'expected an ISO 8601 date-time' })
  .or(z.iso.date({ message: 'expected an ISO 8601 date' }))
  .transform((value) => new Date(value))

/** Deepest page of the trades list (400 beyond): each page is cut from the newest `offset + limit` rows. */
const MAX_TRADES_OFFSET = 10_000

const TradesQuerySchema = z.object({
  limit: pagingQueryParam('limit', 20, 1, 100),
  offset: pagingQueryParam('offset', 0, 0, MAX_TRADES_OFFSET).openapi({
    description: `At most ${MAX_TRADES_OFFSET}; narrow with dateTo to go further back`,
  }),
  dateFrom: isoDate
    .optional()
    .openapi({ param: { name: 'dateFrom', in: 'query' }, example: '2025-01-01T00:00:00Z' }),
  dateTo: isoDate.optional().openapi({ param: { name: 'dateTo', in: 'query' }, example: '2025-12-31' }),
})

const tradeRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/trade/{chainId}/{txHash}',
  tags: ['Info'],
  summary: 'Trade made through the aggregator',
  description: 'The first Swapped event of the transaction, as indexed by the trade watcher.',
  request: { params: TradeParamsSchema },
  responses: {
    200: { description: 'The trade', content: { 'application/json': { schema: TradeInfoSchema } } },
    ...errorResponses(400, 404, 429),
  },
})

const tradesRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/trades',
  tags: ['Info'],
  summary: "Trades of the API key's company",
  description:
    'Always requires an API key. Newest first; `dateFrom`/`dateTo` (inclusive) filter on the block time.',
  request: { query: TradesQuerySchema },
  responses: {
    200: {
      description: 'Trades',
      content: {
        'application/json': {
          schema: z.object({ trades: z.array(TradeInfoSchema), limit: z.number(), offset: z.number() }),
        },
      },
    },
    ...errorResponses(400, 401, 429),
  },
})

/**
 * Route module for the trade information endpoints: `GET /trade/v1/info/trade/{chainId}/{txHash}`
 * (404 NOT_FOUND when the watcher has not stored the transaction, 400 for a malformed hash) and
 * `GET /trade/v1/info/trades` (always behind an API key, whatever the deployment requires elsewhere;
 * returns only the calling company's trades). Amounts are decimal strings.
 */
export function createTradeRoutes({ store }: { store: Store }) {
  const router = createRouter()
  router.use('/trade/v1/info/trades', apiKeyAuth({ store, required: true }))
  return router
    .openapi(tradeRoute, async (c) => {
      const { chainId, txHash } = c.req.valid('param')
      const [trade] = await getTradesByTx(store.db, { chainId, txHash })
      if (trade === undefined)
        throw new AppError('NOT_FOUND', `No trade found for ${txHash} on chain ${chainId}`)
      return c.json(toTradeInfo(trade), 200)
    })
    .openapi(tradesRoute, async (c) => {
      const auth = requireAuth(c.var.auth)
      const { limit, offset, dateFrom, dateTo } = c.req.valid('query')
      // both lists newest first; the page is cut from their merge
      const window = { companyId: auth.companyId, limit: offset + limit, offset: 0, dateFrom, dateTo }
      const [single, cross] = await Promise.all([
        listCompanyTrades(store.db, window),
        listCompanyCrossTrades(store.db, window),
      ])
      const merged = [...single.map(toTradeInfo), ...cross.flatMap(toCrossTradeInfo)]
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.blockNumber - a.blockNumber)
        .slice(offset, offset + limit)
      return c.json({ trades: merged, limit, offset }, 200)
    })
}

function requireAuth(auth: AppEnv['Variables']['auth']): AuthContext {
  if (auth === undefined) throw new AppError('UNAUTHORIZED', 'An API key is required')
  return auth
}

/**
 * A cross-chain trade the watcher found, in the same shape: `txHashDst` once the destination paid (else
 * empty), `tokensReceived` once delivered (else 0), `status` 0 only when it FAILED, `fee` the integrator fee
 * taken on the origin in the bridged asset.
 */
export function toCrossTradeInfo(trade: CrossTrade): z.infer<typeof TradeInfoSchema>[] {
  if (trade.blockNumber === null || trade.blockTimestamp === null) return []
  return [
    {
      type: 'CROSS-CHAIN',
      sender: trade.sender ?? '',
      receiver: trade.receiver ?? '',
      tokenFromAddress: trade.tokenIn ?? '',
      tokenToAddress: trade.tokenOut ?? '',
      chainIdFrom: trade.sourceChainId,
      chainIdTo: trade.destinationChainId,
      amount: (trade.amountIn ?? 0n).toString(),
      txHash: trade.originTxHash,
      txHashDst: trade.destinationTxHash ?? '',
      gasUsed: (trade.gasUsed ?? 0n).toString(),
      tokensReceived: (trade.amountReceived ?? 0n).toString(),
      fee: (trade.feeAmount ?? 0n).toString(),
      status: trade.state === 'FAILED' ? 0 : 1,
      blockNumber: trade.blockNumber,
      timestamp: trade.blockTimestamp.toISOString(),
      txFrom: trade.sender ?? '',
      txTo: trade.txTo,
      gasPrice: (trade.gasPrice ?? 0n).toString(),
    },
  ]
}

/** A stored trade in the compatible API's trade shape (plus fee and timestamp). */
export function toTradeInfo(trade: Trade): z.infer<typeof TradeInfoSchema> {
  return {
    type: 'SINGLE-CHAIN',
    sender: trade.sender,
    receiver: trade.receiver,
    tokenFromAddress: trade.tokenIn,
    tokenToAddress: trade.tokenOut,
    chainIdFrom: trade.chainId,
    chainIdTo: trade.chainId,
    amount: trade.amountIn.toString(),
    txHash: trade.txHash,
    txHashDst: trade.txHash,
    gasUsed: trade.gasUsed.toString(),
    tokensReceived: trade.amountOut.toString(),
    fee: trade.feeAmount.toString(),
    status: trade.status,
    blockNumber: trade.blockNumber,
    timestamp: trade.blockTimestamp.toISOString(),
    txFrom: trade.txFrom,
    txTo: trade.txTo,
    gasPrice: trade.gasPrice.toString(),
  }
}
