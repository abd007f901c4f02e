import { createRoute, z } from '@hono/zod-openapi'
import type { GaslessChain } from '../gasless/planGaslessOrder'
import { quoteGaslessSingle } from '../gasless/quoteGaslessSingle'
import { acceptsEventStream } from '../http/acceptsEventStream'
import { respondJsonText, respondLentJson } from '../http/jsonText'
import { respondEventStream } from '../http/respondEventStream'
import type { Logger } from '../logger'
import { createRouter } from '../openapi/createRouter'
import { ChainIdParamsSchema, errorResponses, evmAddressField } from '../openapi/schemas'
import { batchQuoteSingle, MAX_BATCH_QUOTES, openBatchQuoteStream } from '../quotes/batchQuoteSingle'
import { buildSingleSwapFromBody } from '../quotes/buildSingleSwapFromBody'
import { buildSingleSwapFromQuery } from '../quotes/buildSingleSwapFromQuery'
import { type QuoteServiceDeps, quoteSingle } from '../quotes/quoteSingle'
import { booleanString, SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'
import { SingleQuoteSchema } from '../quotes/singleQuoteSchema'
import { singleSwapLimits } from '../quotes/singleSwapLimits'
import { SingleSwapSchema, SingleSwapWithQuoteSchema } from '../quotes/singleSwapSchema'
import { SwapSingleBodySchema } from '../quotes/swapSingleBody'

const limitsDescription =
  `Receivers and fee receivers that would lose the funds (the zero address, the Aggregator, a token contract ` +
  `or a pool of the chain) answer 400 naming the field. Slippage at most ${singleSwapLimits.maxSlippage} ` +
  `(fraction), deadline at most ${singleSwapLimits.maxDeadlineSec} seconds ahead, integrator fee at most ` +
  `${singleSwapLimits.maxFeeFraction} (fraction).`

const quoteRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/quote/single',
  tags: ['Single chain'],
  summary: 'All available quotes for a single-chain trade',
  description:
    'The best route over every exchange first (split across pools and paths when that pays more, net of gas), ' +
    'then the best route of each exchange. With `sender` and `disableEstimate=false` each quote also carries ' +
    '`data`, `estimateGas` (with a 30% margin), `insufficientAllowance` and `insufficientFunds`. ' +
    limitsDescription,
  request: {
    params: ChainIdParamsSchema,
    query: SingleQuoteQuerySchema.extend({
      isGasless: booleanString('isGasless').openapi({
        type: 'string',
        description:
          '`true`: the one quote of a gasless order (exact input, a token sold, where a relayer runs: otherwise 400 ' +
          "`GASLESS_UNAVAILABLE`): the relayer's fee is taken from `amount` and the rest quoted along one path; its " +
          "`transactionData` carries `amountInBeforeFee` (`amount`), `fee` (the relayer's, source token base units) " +
          'and `amountInAfterFee` (what is swapped), and goes as is to `POST /trade/v1/gasless/typed-data`. No ' +
          '`data` or estimate (the relayer sends the transaction)',
      }),
    }),
  },
  responses: {
    200: {
      description: 'Quotes, best first',
      content: { 'application/json': { schema: z.array(SingleQuoteSchema) } },
    },
    ...errorResponses(400, 422, 429, 503),
  },
})

const swapGetRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/swap/single',
  tags: ['Single chain'],
  summary: 'Transaction data for a single-chain trade (best route, or `dex`)',
  description: limitsDescription,
  request: {
    params: ChainIdParamsSchema,
    query: SingleQuoteQuerySchema.extend({ sender: evmAddressField('sender') }),
  },
  responses: {
    200: {
      description: 'Transaction to send to the aggregator, with the quote it was built from',
      content: { 'application/json': { schema: SingleSwapWithQuoteSchema } },
    },
    ...errorResponses(400, 422, 429, 503),
  },
})

const swapPostRoute = createRoute({
  method: 'post',
  path: '/trade/v1/{chainId}/swap/single',
  tags: ['Single chain'],
  summary: 'Transaction data for a chosen quote (body: its transactionData and the account)',
  description:
    'The trade is quoted again: a minimum output (exact input) or maximum input (exact output) looser than ' +
    `${singleSwapLimits.maxSlippage * 100}% around that fresh quote answers 400 naming the field (a bound better ` +
    'than the market passes: the chain reverts it). The answer shows the integrator fee the transaction pays. ' +
    limitsDescription,
  request: {
    params: ChainIdParamsSchema,
    body: { content: { 'application/json': { schema: SwapSingleBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Transaction to send to the aggregator',
      content: { 'application/json': { schema: SingleSwapSchema } },
    },
    ...errorResponses(400, 422, 429, 503),
  },
})

const batchRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/batch_quote/single',
  tags: ['Single chain'],
  summary: 'Many quote/single requests in one call',
  description:
    `\`requests\` is a JSON array (URL-encoded) of up to ${MAX_BATCH_QUOTES} objects, each with the query ` +
    'parameters of quote/single (string values, e.g. ' +
    '`[{"fromTokenAddress":"0x…","toTokenAddress":"0x…","amount":"1000"}]`). The answer has one entry per ' +
    'request, in order: `{ index, status: 200, quotes }` or `{ index, status, error }`; a bad item never fails ' +
    'the others. With `Accept: text/event-stream`, server-sent events instead: an `item` event per request the ' +
    'moment it is quoted (`id` its index, `data` its entry), so a slow item never holds the others, then `end` ' +
    '(`{ items }`); `error` (the error body) when an item fails in a way no entry covers.',
  request: {
    params: ChainIdParamsSchema,
    query: z.object({
      requests: z.string({ error: 'requests is required' }).openapi({
        example:
          '[{"fromTokenAddress":"0x0000000000000000000000000000000000000000","toTokenAddress":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","amount":"1000000000000000000"}]',
      }),
    }),
  },
  responses: {
    200: {
      description: 'One result per request',
      content: {
        'application/json': {
          schema: z.array(
            z.union([
              z.object({ index: z.number(), status: z.literal(200), quotes: z.array(SingleQuoteSchema) }),
              z.object({
                index: z.number(),
                status: z.number(),
                error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
              }),
            ]),
          ),
        },
      },
    },
    ...errorResponses(400, 429),
  },
})

/**
 * Single-chain quotes (a gasless order's with `isGasless=true`), swap transactions and batch quotes: each handler
 * parses, calls one service, answers.
 */
export function createSingleRoutes(
  deps: QuoteServiceDeps & { gaslessChains?: ReadonlyMap<number, GaslessChain> | undefined },
  logger: Logger,
) {
  const gaslessDeps = { ...deps, gaslessChains: deps.gaslessChains ?? new Map<number, GaslessChain>() }
  return createRouter()
    .openapi(quoteRoute, async (c) => {
      const caller = { requestId: c.get('requestId'), auth: c.get('auth') }
      const { isGasless, ...query } = c.req.valid('query')
      const chainId = c.req.valid('param').chainId
      if (isGasless === true)
        return c.json(await quoteGaslessSingle(gaslessDeps, chainId, query, caller), 200)
      return respondLentJson(c, await quoteSingle(deps, chainId, query, caller))
    })
    .openapi(swapGetRoute, async (c) => {
      const caller = { requestId: c.get('requestId'), auth: c.get('auth') }
      const swap = await buildSingleSwapFromQuery(
        deps,
        c.req.valid('param').chainId,
        c.req.valid('query'),
        caller,
      )
      return c.json(swap, 200)
    })
    .openapi(swapPostRoute, async (c) => {
      const caller = { requestId: c.get('requestId'), auth: c.get('auth') }
      const swap = await buildSingleSwapFromBody(
        deps,
        c.req.valid('param').chainId,
        c.req.valid('json'),
        caller,
      )
      return c.json(swap, 200)
    })
    .openapi(batchRoute, async (c) => {
      const caller = { requestId: c.get('requestId'), auth: c.get('auth') }
      if (acceptsEventStream(c.req.header('accept'))) {
        const run = openBatchQuoteStream(
          deps,
          c.req.valid('param').chainId,
          c.req.valid('query').requests,
          caller,
        )
        return respondEventStream(c, logger, run)
      }
      const items = await batchQuoteSingle(
        deps,
        c.req.valid('param').chainId,
        c.req.valid('query').requests,
        caller,
      )
      return respondJsonText(c, items)
    })
}
