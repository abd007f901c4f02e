import { createRoute, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { getApprovalAllowance } from '../approval/getApprovalAllowance'
import { getApprovalTransaction } from '../approval/getApprovalTransaction'
import { assertSupportedChain } from '../chains/assertSupportedChain'
import type { Markets } from '../market/createMarkets'
import { createRouter } from '../openapi/createRouter'
import {
  AddressInputSchema,
  AddressSchema,
  ChainIdParamsSchema,
  errorResponses,
  uint256Field,
} from '../openapi/schemas'

const tokenAddressQuery = AddressInputSchema.openapi({
  param: { name: 'tokenAddress', in: 'query', description: 'ERC-20 to approve (not the native currency)' },
  example: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
})

const walletAddressQuery = AddressInputSchema.openapi({
  param: { name: 'walletAddress', in: 'query', description: 'Owner of the tokens (the sender of the trade)' },
  example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
})

const AllowanceQuerySchema = z.object({
  tokenAddress: tokenAddressQuery,
  walletAddress: walletAddressQuery,
})

const ApprovalQuerySchema = AllowanceQuerySchema.extend({
  amount: uint256Field('amount')
    .optional()
    .openapi({
      param: {
        name: 'amount',
        in: 'query',
        description: 'Allowance to set, in base units; unlimited (2^256-1) when absent',
      },
      type: 'string',
      example: '1000000',
    }),
})

const ApprovalStepSchema = z.object({
  kind: z.enum(['reset', 'approve']),
  to: AddressSchema.openapi({ description: 'The token contract' }),
  data: z.string().openapi({ example: '0x095ea7b3…' }),
  value: z.literal('0'),
  amount: z.string().openapi({ description: 'Allowance this step sets (base units)', example: '0' }),
})

const ApprovalTransactionSchema = z
  .object({
    to: AddressSchema.openapi({ description: 'The token contract (first step)' }),
    data: z.string().openapi({ description: 'Calldata of the first step', example: '0x095ea7b3…' }),
    value: z.literal('0'),
    gasPrice: z.string().openapi({ example: '1000000000' }),
    amount: z.string().openapi({
      description: 'Allowance left after every step (base units): the requested amount, else 2^256-1',
      example: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    }),
    allowance: z.string().openapi({ description: 'Current allowance (base units)', example: '0' }),
    spender: AddressSchema.openapi({ description: 'The aggregator' }),
    resetRequired: z.boolean().openapi({
      description:
        'True for tokens that revert when a non-zero allowance is changed to another non-zero value ' +
        '(USDT-style) while the current allowance is non-zero: the first step sets it to 0',
    }),
    steps: z.array(ApprovalStepSchema),
  })
  .openapi('ApprovalTransaction')

const spenderRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/approval/spender',
  tags: ['Approval'],
  summary: 'Address of the aggregator that must be trusted to spend funds',
  request: { params: ChainIdParamsSchema },
  responses: {
    200: {
      description: 'The spender',
      content: {
        'application/json': {
          schema: z.object({ address: AddressSchema }).openapi('ApprovalSpender'),
        },
      },
    },
    ...errorResponses(400, 429),
  },
})

const transactionRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/approval/transaction',
  tags: ['Approval'],
  summary: 'Data for the call that lets the aggregator spend funds',
  description:
    'Send `{ to, data, value }` from `walletAddress`. When `resetRequired` is true that first transaction only ' +
    'sets the allowance to 0 (USDT-style tokens refuse a change between two non-zero allowances); send every ' +
    'entry of `steps` in order, or send the first one and ask again. Native currency needs no approval (400).',
  request: { params: ChainIdParamsSchema, query: ApprovalQuerySchema },
  responses: {
    200: {
      description: 'Approval transaction(s)',
      content: { 'application/json': { schema: ApprovalTransactionSchema } },
    },
    ...errorResponses(400, 429, 503),
  },
})

const allowanceRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/approval/allowance',
  tags: ['Approval'],
  summary: 'Amount of tokens the aggregator may spend',
  request: { params: ChainIdParamsSchema, query: AllowanceQuerySchema },
  responses: {
    200: {
      description: 'Current allowance read on chain (base units)',
      content: {
        'application/json': {
          schema: z.object({ allowance: z.string().openapi({ example: '0' }) }).openapi('Allowance'),
        },
      },
    },
    ...errorResponses(400, 429, 503),
  },
})

/**
 * Approval helpers: the spender (the chain's aggregator), the approve transaction(s) for a token and
 * the current allowance read on chain. Unsupported chain -> 400 `UNSUPPORTED_CHAIN`; malformed
 * address or amount -> 400 `INVALID_PARAMS` naming the parameter; native currency -> 400
 * `INVALID_PARAMS`; unlisted token -> 400 `UNSUPPORTED_TOKEN`; node failure -> 503 `UPSTREAM_UNAVAILABLE`.
 */
export function createApprovalRoutes({ markets }: { markets: Markets }) {
  const marketOf = (chainId: number) => {
    assertSupportedChain(
      markets.all().map((m) => m.deployment),
      chainId,
    )
    return markets.get(chainId)
  }
  return createRouter()
    .openapi(spenderRoute, (c) => {
      const market = marketOf(c.req.valid('param').chainId)
      return c.json({ address: getAddress(market.deployment.aggregator) }, 200)
    })
    .openapi(transactionRoute, async (c) => {
      const market = marketOf(c.req.valid('param').chainId)
      return c.json(await getApprovalTransaction(market, c.req.valid('query')), 200)
    })
    .openapi(allowanceRoute, async (c) => {
      const market = marketOf(c.req.valid('param').chainId)
      return c.json(await getApprovalAllowance(market, c.req.valid('query')), 200)
    })
}
