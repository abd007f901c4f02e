import { createRoute, z } from '@hono/zod-openapi'
import { getAddress, zeroHash } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import { buildValidationError } from '../middleware/validationHook'
import { createRouter } from '../openapi/createRouter'
import { ChainIdParamsSchema, errorResponses, evmAddressField } from '../openapi/schemas'
import { buildSwapCalldata, computeSwapValue } from '../quotes/buildSwapCalldata'
import { buildSwapFromTransactionData, SwapSingleBodySchema } from '../quotes/buildSwapFromTransactionData'
import { estimateSwap } from '../quotes/estimateSwap'
import { hasGasFor, type QuoteServiceDeps, quoteSingle } from '../quotes/quoteSingleHandler'
import { SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'

const MAX_BATCH = 25

const QuoteSchema = z
  .looseObject({
    isBest: z.boolean(),
    exchangeId: z.string(),
    fromTokenAmount: z.string(),
    toTokenAmount: z.string(),
    deltaAmount: z.string(),
    priceImpact: z.number(),
    quoteDeadline: z.number(),
    to: z.string(),
    nativeValue: z.string(),
    data: z.string().optional(),
    estimateGas: z.string().optional(),
    estimateGasError: z.string().optional(),
  })
  .openapi('SingleQuote', {
    description:
      'One route. Fields follow the compatible API (tokenFrom, tokenTo, protocol, transactionData, slippage, ' +
      'recommendedSlippage, gasPrice, contractVersion ...) plus exchangeId, isBest, amountInUsd, amountOutUsd, ' +
      'gasUnits, gasCostWei, gasCostUsd. deltaAmount is the minimum output (exact input) or the maximum ' +
      'input (exact output) after slippage.',
  })

const SwapResponseSchema = z
  .looseObject({
    to: z.string(),
    data: z.string(),
    value: z.string(),
    nativeValue: z.string(),
    estimateGas: z.string().optional(),
    estimateGasError: z.string().optional(),
    insufficientFunds: z.boolean(),
    insufficientGas: z.boolean(),
    insufficientAllowance: z.boolean(),
    allowance: z.string(),
    gasPrice: z.string(),
    contractVersion: z.number(),
  })
  .openapi('SwapTransaction')

const quoteRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/quote/single',
  tags: ['Single chain'],
  summary: 'All available quotes for a single-chain trade',
  description:
    'The best route over every exchange first (split across pools and paths when that pays more, net of gas), ' +
    'then the best route of each exchange. With `sender` and `disableEstimate=false` each quote also carries ' +
    '`data`, `estimateGas` (with a 30% margin), `insufficientAllowance` and `insufficientFunds`.',
  request: { params: ChainIdParamsSchema, query: SingleQuoteQuerySchema },
  responses: {
    200: {
      description: 'Quotes, best first',
      content: { 'application/json': { schema: z.array(QuoteSchema) } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const SwapQuerySchema = SingleQuoteQuerySchema.extend({
  sender: evmAddressField('sender'),
})

const swapGetRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/swap/single',
  tags: ['Single chain'],
  summary: 'Transaction data for a single-chain trade (best route, or `dex`)',
  request: { params: ChainIdParamsSchema, query: SwapQuerySchema },
  responses: {
    200: {
      description: 'Transaction to send to the aggregator',
      content: { 'application/json': { schema: SwapResponseSchema } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const swapPostRoute = createRoute({
  method: 'post',
  path: '/trade/v1/{chainId}/swap/single',
  tags: ['Single chain'],
  summary: 'Transaction data for a chosen quote (body: its transactionData and the account)',
  request: {
    params: ChainIdParamsSchema,
    body: { content: { 'application/json': { schema: SwapSingleBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Transaction to send to the aggregator',
      content: { 'application/json': { schema: SwapResponseSchema } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const batchRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/batch_quote/single',
  tags: ['Single chain'],
  summary: 'Many quote/single requests in one call',
  description:
    '`requests` is a JSON array (URL-encoded) of up to 25 objects, each with the query parameters of quote/single ' +
    '(string values, e.g. `[{"fromTokenAddress":"0x…","toTokenAddress":"0x…","amount":"1000"}]`). The answer ' +
    'has one entry per request, in order: `{ index, status: 200, quotes }` or `{ index, status, error }`; a bad ' +
    'item never fails the others.',
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
            z.object({
              index: z.number(),
              status: z.number(),
              quotes: z.array(QuoteSchema).optional(),
              error: z
                .object({ code: z.string(), message: z.string(), details: z.unknown().optional() })
                .optional(),
            }),
          ),
        },
      },
    },
    ...errorResponses(400, 429),
  },
})

/** Single-chain quotes, swap transactions and batch quotes. */
export function createSingleRoutes(deps: QuoteServiceDeps) {
  const swapResponse = async (
    chainId: number,
    call: Parameters<typeof buildSwapCalldata>[0],
    sender: `0x${string}`,
    extra: object,
  ) => {
    const market = deps.markets.get(chainId)
    const data = buildSwapCalldata(call)
    const value = computeSwapValue(call)
    const [estimate, gasPrice] = await Promise.all([
      estimateSwap(market, { sender, tokenIn: call.tokenIn, amountIn: call.amountIn, data, value }),
      readFromNode('the gas price', () => market.getGasPrice()),
    ])
    const gas = estimate.estimateGas ? BigInt(estimate.estimateGas) : 0n
    const insufficientGas = !(await hasGasFor(deps, chainId, { sender, gas, gasPrice, value }))
    return {
      ...extra,
      to: market.deployment.aggregator,
      data,
      value: value.toString(),
      nativeValue: value.toString(),
      ...estimate,
      insufficientGas,
      gasPrice: gasPrice.toString(),
      contractVersion: 1,
    }
  }

  return createRouter()
    .openapi(quoteRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const quotes = await quoteSingle(deps, chainId, c.req.valid('query'), {
        requestId: c.get('requestId'),
        auth: c.get('auth'),
      })
      return c.json(quotes, 200)
    })
    .openapi(swapGetRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const query = c.req.valid('query')
      const [best] = await quoteSingle(
        deps,
        chainId,
        { ...query, disableEstimate: true },
        {
          requestId: c.get('requestId'),
          auth: c.get('auth'),
        },
      )
      const market = deps.markets.get(chainId)
      if (!best) throw new AppError('NO_ROUTE', 'No route for this trade')
      const call = buildSwapFromTransactionData(
        market,
        {
          transactionData: best.transactionData as never,
          account: getAddress(query.sender),
          receiver: query.receiver,
        },
        { nowSec: Math.floor(deps.now() / 1000), integratorId: c.get('auth')?.integratorId ?? zeroHash },
      )
      const body = await swapResponse(chainId, call, getAddress(query.sender), {
        quote: best,
        amountOut: best.toTokenAmount,
        deltaAmount: best.deltaAmount,
        quoteDeadline: best.quoteDeadline,
      })
      return c.json(body, 200)
    })
    .openapi(swapPostRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const body = c.req.valid('json')
      const market = deps.markets.get(chainId)
      const call = buildSwapFromTransactionData(market, body, {
        nowSec: Math.floor(deps.now() / 1000),
        integratorId: c.get('auth')?.integratorId,
      })
      if (body.nativeValue !== undefined && body.nativeValue !== computeSwapValue(call)) {
        throw new AppError(
          'INVALID_PARAMS',
          `nativeValue ${body.nativeValue} does not match the trade (expected ${computeSwapValue(call)})`,
        )
      }
      return c.json(await swapResponse(chainId, call, getAddress(body.account), {}), 200)
    })
    .openapi(batchRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      deps.markets.get(chainId)
      let items: unknown
      try {
        items = JSON.parse(c.req.valid('query').requests)
      } catch {
        throw new AppError('INVALID_PARAMS', 'requests must be a JSON array of quote parameter objects')
      }
      if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BATCH) {
        throw new AppError('INVALID_PARAMS', `requests must be a JSON array of 1 to ${MAX_BATCH} objects`)
      }
      const caller = { requestId: c.get('requestId'), auth: c.get('auth') }
      const results = await Promise.all(
        items.map(async (item: unknown, index) => {
          try {
            const parsed = SingleQuoteQuerySchema.safeParse(item)
            if (!parsed.success) throw buildValidationError('query', parsed.error.issues)
            return { index, status: 200, quotes: await quoteSingle(deps, chainId, parsed.data, caller) }
          } catch (error: unknown) {
            if (!(error instanceof AppError)) throw error
            const e =
              error.details === undefined
                ? { code: error.code, message: error.message }
                : { code: error.code, message: error.message, details: error.details }
            return { index, status: error.status, error: e }
          }
        }),
      )
      return c.json(results, 200)
    })
}
