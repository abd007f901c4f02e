import { createRoute, z } from '@hono/zod-openapi'
import { getAddress, type Hex, maxUint64 } from 'viem'
import { cancelGaslessOrderByOwner } from '../gasless/cancelGaslessOrderByOwner'
import { estimateGaslessOrder } from '../gasless/estimateGaslessOrder'
import { formatGaslessOrder, GaslessOrderSchema } from '../gasless/formatGaslessOrder'
import { gaslessOrderFromQuote, gaslessStepsOfQuoteCall } from '../gasless/gaslessOrderFromQuote'
import type { GaslessServiceDeps } from '../gasless/gaslessServiceDeps'
import { prepareGaslessTypedData } from '../gasless/prepareGaslessTypedData'
import { readGaslessOrder, readGaslessOrdersOfOwner } from '../gasless/readGaslessOrders'
import { submitGaslessOrder } from '../gasless/submitGaslessOrder'
import { createRouter } from '../openapi/createRouter'
import {
  errorResponses,
  evmAddressField,
  oneOfShapes,
  pagingQueryParam,
  uint256Field,
} from '../openapi/schemas'

const address = (name: string) => evmAddressField(name).transform((value) => getAddress(value))
const hex32 = (name: string) =>
  z.string().regex(/^0x[0-9a-fA-F]{64}$/, `${name} must be a 0x-prefixed 32-byte hex value`)
const chainIdField = z.number({ error: 'chainId must be a number' }).int()

const StepSchema = z.object({
  kind: z.number().int().min(0).max(255),
  factoryId: z.number().int().min(0).max(65_535),
  tokenIn: address('tokenIn'),
  tokenOut: address('tokenOut'),
  fee: z.number().int().min(0).max(16_777_215),
  // uint64 in the contract's Step: a larger value cannot even be encoded
  share: uint256Field('share', { min: 1n }).refine(
    (value) => value <= maxUint64,
    'share must not exceed 2^64 - 1 (uint64)',
  ),
})
const StepsSchema = z.array(StepSchema).min(1, 'the route needs at least one step').max(24)

const OrderFields = {
  user: address('user'),
  receiver: address('receiver'),
  srcToken: address('srcToken'),
  dstToken: address('dstToken'),
  amountIn: uint256Field('amountIn', { min: 1n }),
  fee: uint256Field('fee'),
  amountOutMin: uint256Field('amountOutMin', { min: 1n }),
  deadline: uint256Field('deadline', { allowNumber: true }),
  tradeHash: hex32('tradeHash'),
}
const SignedOrderSchema = z
  .object({ ...OrderFields, nonce: uint256Field('nonce') })
  .openapi('GaslessSignedOrder')

const TransactionDataSchema = z
  .object({ order: z.object(OrderFields), call: StepsSchema })
  .openapi('GaslessTransactionData', {
    description:
      'What `POST /v1/gasless/estimate` answers as `transactionData`: the order to sign and its route',
  })

/** One entry of a quote's `transactionData.call`: only its encoded `data` is read (a leg's hops, or a step). */
const QuoteCallEntrySchema = z.object({
  data: z
    .string({ error: 'call[].data is required' })
    .max(20_000)
    .regex(/^0x[0-9a-fA-F]*$/, 'call[].data must be 0x-prefixed hex'),
})

const isObjectWith = (key: string) => (value: unknown) =>
  typeof value === 'object' && value !== null && key in value

/** Whether a parsed `call` is a quote's entries (encoded `data`), not the estimate's steps. */
const isQuoteCall = (
  call: readonly ({ data: string } | { kind: number })[],
): call is readonly { data: string }[] => call.every((entry) => 'data' in entry)

/** `call` of the create body: the estimate's steps, or a quote's `transactionData.call` entries. */
const CallSchema = oneOfShapes(
  (value) => Array.isArray(value) && value.some(isObjectWith('data')) && !value.some(isObjectWith('kind')),
  z.array(QuoteCallEntrySchema).min(1, 'the route needs at least one step').max(24),
  StepsSchema,
).openapi({
  type: 'array',
  description:
    "The route: the estimate's `transactionData.call` (steps `{ kind, factoryId, tokenIn, tokenOut, fee, share }`) " +
    "or an `isGasless=true` quote's `transactionData.call` (entries whose `data` encodes the path)",
})

/** What an `isGasless=true` quote answers as `transactionData` (its other fields are not read). */
const QuoteTransactionDataSchema = z.object({
  info: z.object({
    srcToken: address('info.srcToken'),
    dstToken: address('info.dstToken'),
    amountIn: uint256Field('info.amountIn', { min: 1n }),
    amountOutMin: uint256Field('info.amountOutMin', { min: 1n }),
    deadline: uint256Field('info.deadline', { allowNumber: true }),
  }),
  call: z.array(QuoteCallEntrySchema).min(1, 'the route needs at least one step').max(24),
  amountInBeforeFee: uint256Field('amountInBeforeFee', { min: 1n }),
  amountInAfterFee: uint256Field('amountInAfterFee', { min: 1n }),
  fee: uint256Field('fee'),
  receiver: address('receiver').nullish(),
})

const TypedDataTransactionDataSchema = oneOfShapes(
  isObjectWith('order'),
  TransactionDataSchema,
  QuoteTransactionDataSchema,
).openapi({
  type: 'object',
  description:
    "Either the estimate's `transactionData` (`{ order, call }`: the order to sign and its route steps) or, as is, the " +
    '`transactionData` of a `quote/single?isGasless=true` quote (`{ info, call, version, amountInBeforeFee, ' +
    "amountInAfterFee, fee, receiver? }`: the order signs over `amountInBeforeFee` with the relayer's `fee`, " +
    '`amountInAfterFee` = `amountInBeforeFee - fee` = `info.amountIn` is swapped along `call` for at least ' +
    '`info.amountOutMin` by `info.deadline`, to `receiver`, else the sender)',
})

const EstimateBodySchema = z.object({
  parameters: z.object({
    chainId: chainIdField,
    srcToken: address('srcToken'),
    dstToken: address('dstToken'),
    amount: uint256Field('amount', { min: 1n }),
    sender: address('sender'),
    receiver: address('receiver').optional(),
    slippage: z.number().min(0).max(0.5).optional(),
  }),
})

const stringify = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? value.map(stringify)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringify(v)]))
        : value

const permit2DomainType = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const

const tokenPermitDomainType = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const

const JsonObject = z.record(z.string(), z.unknown())

const PermitDataSchema = z
  .object({
    value: uint256Field('permitData.value'),
    deadline: uint256Field('permitData.deadline', { allowNumber: true }),
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'permitData.signature must be 0x-prefixed hex'),
  })
  .openapi('GaslessPermitData', {
    description:
      "The owner's signed EIP-2612 permit of the estimate's `tokenPermit` (value and deadline as signed): " +
      'for a token with its own permit, in place of the one-time Permit2 approval',
  })

const estimateRoute = createRoute({
  method: 'post',
  path: '/v1/gasless/estimate',
  tags: ['Gasless'],
  summary: 'Estimate a gasless order: gas units, amounts, the fee, and whether Permit2 needs an approval',
  description:
    "The relayer's fee (gas of the settlement at today's gas price with a margin, in the source token) is taken " +
    'from `amount`; the rest is quoted along one path. `permit2.approvalNeeded`: Permit2 may not spend the amount ' +
    'yet. Then, when `eip2612Permit` is true, the token has its own EIP-2612 permit: sign `tokenPermit` (typed ' +
    'data) and send it as `permitData` with the order, and no transaction is needed at all; otherwise approve ' +
    'the token to Permit2 once (a normal transaction). Sign the order with `POST /trade/v1/gasless/typed-data` ' +
    'from `transactionData`.',
  request: { body: { content: { 'application/json': { schema: EstimateBodySchema } }, required: true } },
  responses: {
    200: {
      description: 'The estimate',
      content: {
        'application/json': {
          schema: z
            .object({
              gasUnits: z.string(),
              gasPrice: z.string(),
              amountIn: z.string(),
              fee: z.string().openapi({ description: "The relayer's fee, source token base units" }),
              amountOut: z.string().openapi({ description: 'Expected output at the current pools' }),
              amountOutMin: z.string(),
              deadline: z.number().int(),
              permit2: z.object({
                address: z.string(),
                spender: z.string().openapi({ description: 'The settlement contract the permit names' }),
                allowance: z.string(),
                approvalNeeded: z.boolean(),
              }),
              eip2612Permit: z.boolean(),
              tokenPermit: JsonObject.nullable().openapi({
                description:
                  'When `eip2612Permit`: the EIP-712 permit to sign (spender Permit2, value `amountIn`, the ' +
                  "order's deadline, the token's nonce); null otherwise",
              }),
              transactionData: JsonObject,
            })
            .openapi('GaslessEstimate'),
        },
      },
    },
    ...errorResponses(400, 422, 429, 503),
  },
})

const typedDataRoute = createRoute({
  method: 'post',
  path: '/trade/v1/gasless/typed-data',
  tags: ['Gasless'],
  summary: 'The EIP-712 document to sign for a gasless order',
  description:
    "Permit2's `PermitWitnessTransferFrom` with the order as witness and a fresh Permit2 nonce. Sign it with " +
    '`eth_signTypedData_v4` and send the signature, `message.witness` + `message.nonce` as `order` and the ' +
    'route as `call` to `POST /v1/gasless/create`.',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            transactionData: TypedDataTransactionDataSchema,
            sender: address('sender'),
            chainId: chainIdField,
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'EIP-712 payload',
      content: {
        'application/json': {
          schema: z
            .object({
              account: z.string(),
              domain: z.object({
                name: z.string(),
                chainId: z.number().int(),
                verifyingContract: z.string(),
              }),
              types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
              primaryType: z.string(),
              message: JsonObject,
            })
            .openapi('GaslessTypedData'),
        },
      },
    },
    ...errorResponses(400, 403, 429),
  },
})

const createOrderRoute = createRoute({
  method: 'post',
  path: '/v1/gasless/create',
  tags: ['Gasless'],
  summary: 'Submit a signed gasless order',
  description:
    'Verifies the signature (signed by `order.user`), the deadline (at most one hour ahead), the fee (at least ' +
    "the route's budgeted gas at today's gas price, in the source token, and at most 10% of `amountIn`), the " +
    'route (`tradeHash` of `call`, a single path of at most 4 known pools between listed tokens), the receiver ' +
    "(not the zero address, a token, a pool or one of our contracts), the owner's balance (less what the " +
    "owner's open orders reserve), Permit2 allowance (or, with `permitData`, the token's EIP-2612 permit signed " +
    'by the owner for at least `amountIn`, not expired) and nonce; stores the order for the relayer and ' +
    'answers its id. An owner may have 5 open orders per chain (429 TOO_MANY_OPEN_ORDERS); an owner whose ' +
    'orders cost the relayer gas they did not pay (reverted transactions) 3 times within a day is refused for ' +
    'that day (403 OWNER_SUSPENDED).',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            chainFrom: chainIdField,
            order: SignedOrderSchema,
            call: CallSchema,
            permitData: PermitDataSchema.optional(),
            signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'signature must be 0x-prefixed hex'),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'Stored',
      content: {
        'application/json': { schema: z.object({ success: z.literal(true), orderId: z.string() }) },
      },
    },
    ...errorResponses(400, 403, 409, 422, 429, 503),
  },
})

const cancelRoute = createRoute({
  method: 'post',
  path: '/v1/gasless/cancel',
  tags: ['Gasless'],
  summary: 'Cancel a pending gasless order',
  description:
    '`signature`: the owner\'s EIP-191 signature of "Cancel gasless order <orderId>". An order can be cancelled ' +
    'until the relayer has signed its transaction, also while the relayer re-quotes it (`processing`); once ' +
    'its transaction exists or it ended: 409 ORDER_NOT_CANCELLABLE. `cancelled` means cancelled off chain: our ' +
    'relayer never submits the order. It does not revoke the signature: anyone holding it could still submit ' +
    "it on chain until the order's deadline (at most one hour after it was signed), and only through an " +
    "allowlisted relayer. To revoke it on chain, the owner spends its nonce with Permit2's " +
    '`invalidateUnorderedNonces` (a transaction); an order whose nonce is spent fails.',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            orderId: z.uuid('orderId must be an order id'),
            signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'signature must be 0x-prefixed hex'),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'Cancelled',
      content: {
        'application/json': { schema: z.object({ success: z.literal(true), response: GaslessOrderSchema }) },
      },
    },
    ...errorResponses(400, 403, 404, 409, 429),
  },
})

const statusRoute = createRoute({
  method: 'get',
  path: '/trade/v1/gasless/status/{orderId}',
  tags: ['Gasless'],
  summary: 'Status of a gasless order',
  request: {
    params: z.object({
      orderId: z.uuid('orderId must be an order id').openapi({ param: { name: 'orderId', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The order',
      content: { 'application/json': { schema: z.object({ response: GaslessOrderSchema }) } },
    },
    ...errorResponses(400, 404, 429),
  },
})

const byAddressRoute = createRoute({
  method: 'get',
  path: '/v1/gasless/orderByAddress/{address}',
  tags: ['Gasless'],
  summary: 'Gasless orders of an address, newest first (paged)',
  request: {
    params: z.object({ address: address('address').openapi({ param: { name: 'address', in: 'path' } }) }),
    query: z.object({
      page: pagingQueryParam('page', 1, 1),
      limit: pagingQueryParam('limit', 20, 1, 100),
    }),
  },
  responses: {
    200: {
      description: 'A page of orders',
      content: {
        'application/json': {
          schema: z.object({
            response: z.array(GaslessOrderSchema),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(400, 429),
  },
})

export type GaslessRoutesDeps = GaslessServiceDeps

/**
 * Gasless orders (docs/gasless.md): estimate, typed data, create, cancel, status and listing; each route parses,
 * calls its service in server/gasless and answers. Chains without a running relayer answer 400
 * GASLESS_UNAVAILABLE.
 */
export function createGaslessRoutes(deps: GaslessRoutesDeps) {
  return createRouter()
    .openapi(estimateRoute, async (c) => {
      const { parameters: p } = c.req.valid('json')
      const { chain, plan, tokenPermit } = await estimateGaslessOrder(deps, p, {
        requestId: c.get('requestId'),
        auth: c.get('auth'),
      })
      return c.json(
        {
          gasUnits: plan.gasUnits.toString(),
          gasPrice: plan.gasPrice.toString(),
          amountIn: plan.order.amountIn.toString(),
          fee: plan.order.fee.toString(),
          amountOut: plan.amountOut.toString(),
          amountOutMin: plan.order.amountOutMin.toString(),
          deadline: Number(plan.order.deadline),
          permit2: {
            address: chain.permit2,
            spender: chain.settlement,
            allowance: plan.permit2Allowance.toString(),
            approvalNeeded: plan.approvalNeeded,
          },
          eip2612Permit: tokenPermit !== undefined,
          tokenPermit:
            tokenPermit === undefined
              ? null
              : (stringify({
                  ...tokenPermit,
                  types: { EIP712Domain: tokenPermitDomainType, ...tokenPermit.types },
                }) as Record<string, unknown>),
          transactionData: stringify({ order: plan.order, call: plan.steps }) as Record<string, unknown>,
        },
        200,
      )
    })
    .openapi(typedDataRoute, (c) => {
      const { transactionData, sender, chainId } = c.req.valid('json')
      const { order, call } =
        'order' in transactionData
          ? {
              order: { ...transactionData.order, tradeHash: transactionData.order.tradeHash as Hex },
              call: transactionData.call,
            }
          : gaslessOrderFromQuote(
              { ...transactionData, receiver: transactionData.receiver ?? undefined },
              sender,
            )
      const typed = prepareGaslessTypedData(deps, { chainId, sender, order, call })
      return c.json(
        {
          account: sender,
          domain: typed.domain,
          types: Object.fromEntries(
            Object.entries({ EIP712Domain: permit2DomainType, ...typed.types }).map(([name, fields]) => [
              name,
              fields.map((field) => ({ ...field })),
            ]),
          ),
          primaryType: typed.primaryType,
          message: stringify(typed.message) as Record<string, unknown>,
        },
        200,
      )
    })
    .openapi(createOrderRoute, async (c) => {
      const body = c.req.valid('json')
      const { nonce, ...fields } = body.order
      const orderId = await submitGaslessOrder(deps, {
        chainId: body.chainFrom,
        order: { ...fields, tradeHash: fields.tradeHash.toLowerCase() as Hex },
        nonce,
        signature: body.signature as Hex,
        call: isQuoteCall(body.call) ? gaslessStepsOfQuoteCall(body.call) : body.call,
        permitData: body.permitData,
      })
      return c.json({ success: true as const, orderId }, 200)
    })
    .openapi(cancelRoute, async (c) => {
      const { orderId, signature } = c.req.valid('json')
      const order = await cancelGaslessOrderByOwner(deps, { orderId, signature: signature as Hex })
      return c.json({ success: true as const, response: formatGaslessOrder(order) }, 200)
    })
    .openapi(statusRoute, async (c) => {
      const { orderId } = c.req.valid('param')
      return c.json({ response: formatGaslessOrder(await readGaslessOrder(deps, orderId)) }, 200)
    })
    .openapi(byAddressRoute, async (c) => {
      const { address: owner } = c.req.valid('param')
      const { page, limit } = c.req.valid('query')
      const { rows, total } = await readGaslessOrdersOfOwner(deps, owner, { page, limit })
      return c.json({ response: rows.map(formatGaslessOrder), total, page, limit }, 200)
    })
}
