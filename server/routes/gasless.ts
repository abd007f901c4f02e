import { randomBytes } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  isAddressEqual,
  maxUint64,
  recoverMessageAddress,
  recoverTypedDataAddress,
} from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import { assertGaslessReceiver } from '../gasless/assertGaslessReceiver'
import { assertGaslessRoute } from '../gasless/assertGaslessRoute'
import { buildGaslessTypedData } from '../gasless/buildGaslessTypedData'
import { buildTokenPermitTypedData, type StoredTokenPermit } from '../gasless/buildTokenPermitTypedData'
import { cancelMessage } from '../gasless/cancelMessage'
import { convertWeiToToken, gaslessGasUnits } from '../gasless/computeGaslessFee'
import { formatGaslessOrder, GaslessOrderSchema } from '../gasless/formatGaslessOrder'
import { gaslessLimits } from '../gasless/gaslessLimits'
import type { GaslessOrder, RouteStep } from '../gasless/gaslessOrderTypes'
import { orderToRow } from '../gasless/orderToRow'
import { permit2Abi } from '../gasless/permit2Abi'
import { type GaslessChain, planGaslessOrder } from '../gasless/planGaslessOrder'
import { readTokenPermitDomain } from '../gasless/readTokenPermitDomain'
import { createRouter } from '../openapi/createRouter'
import { errorResponses, evmAddressField, pagingQueryParam, uint256Field } from '../openapi/schemas'
import { createQuoteContext } from '../quotes/createQuoteContext'
import type { QuoteServiceDeps } from '../quotes/quoteSingle'
import type { Store } from '../store/createStore'
import {
  cancelGaslessOrder,
  countGaslessGriefs,
  failPendingGaslessOrder,
  getGaslessOrder,
  getOpenGaslessOrdersOfOwner,
  insertGaslessOrder,
  listGaslessOrdersByOwner,
} from '../store/gaslessOrders'

/** The signed fee may not exceed this share of the amount (GaslessSettlement.MAX_FEE_BPS). */
const MAX_FEE_BPS = 1000n

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
            transactionData: TransactionDataSchema,
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
            call: StepsSchema,
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

export interface GaslessRoutesDeps extends QuoteServiceDeps {
  store: Store
  /** The chains where a relayer runs, with their settlement. */
  gaslessChains: ReadonlyMap<number, GaslessChain>
  /** Tells the chain's relayer that an order was stored (it claims it at once rather than at its next poll). */
  wakeRelayer?: (chainId: number) => void
}

/**
 * Gasless orders (docs/gasless.md): estimate, typed data, create, cancel, status and listing. Chains without
 * a running relayer answer 400 GASLESS_UNAVAILABLE.
 */
export function createGaslessRoutes(deps: GaslessRoutesDeps) {
  const { store, gaslessChains } = deps
  const chainOf = (chainId: number): GaslessChain => {
    const chain = gaslessChains.get(chainId)
    if (!chain) {
      throw new AppError('GASLESS_UNAVAILABLE', `Gasless orders are not available on chain ${chainId}`, {
        details: { chainId, gaslessChainIds: [...gaslessChains.keys()] },
      })
    }
    return chain
  }
  const nowSec = () => Math.floor(deps.now() / 1000)
  /** The checks of a signed or to-be-signed order that need no node: route, fee cap, deadline, receiver. */
  const checkOrder = (chainId: number, order: GaslessOrder, steps: readonly RouteStep[]) => {
    const market = deps.markets.get(chainId)
    assertGaslessRoute(market, order, steps)
    if (order.fee * 10_000n > order.amountIn * MAX_FEE_BPS) {
      throw new AppError('INVALID_ORDER', `fee is above the cap of ${MAX_FEE_BPS / 100n}% of amountIn`, {
        details: { param: 'fee' },
      })
    }
    const now = BigInt(nowSec())
    if (order.deadline <= now) {
      throw new AppError('ORDER_EXPIRED', `The order's deadline ${order.deadline} has passed`, {
        details: { param: 'deadline' },
      })
    }
    const maxDeadline = now + BigInt(gaslessLimits.maxDeadlineSec)
    if (order.deadline > maxDeadline) {
      throw new AppError(
        'INVALID_ORDER',
        `deadline ${order.deadline} is more than ${gaslessLimits.maxDeadlineSec} seconds ahead (at most ${maxDeadline})`,
        { details: { param: 'deadline', max: maxDeadline.toString() } },
      )
    }
    assertGaslessReceiver(market, chainOf(chainId), order.receiver, 'receiver')
  }
  /**
   * Refuses a fee below the relayer's gas cost now (the route's budgeted gas at today's gas price, no margin),
   * and a source token whose cost cannot be priced: the relayer would pay gas for nothing.
   */
  const checkFee = async (chainId: number, order: GaslessOrder, stepCount: number) => {
    const market = deps.markets.get(chainId)
    const gasPrice = await readFromNode('the gas price', () => market.getGasPrice())
    const minFee = convertWeiToToken({
      wei: gaslessGasUnits(stepCount) * gasPrice,
      nativeUsd: market.getUsdPrice(market.deployment.wrappedNative),
      srcUsd: market.getUsdPrice(order.srcToken),
      srcDecimals: market.findToken(order.srcToken)?.decimals ?? 18,
    })
    if (minFee === undefined) {
      throw new AppError('GASLESS_UNAVAILABLE', `The relayer's fee cannot be priced in ${order.srcToken}`, {
        details: { param: 'srcToken' },
      })
    }
    if (order.fee < minFee) {
      throw new AppError(
        'INVALID_ORDER',
        `fee ${order.fee} is below the relayer's gas cost of ${minFee} at today's gas price`,
        { details: { param: 'fee', minFee: minFee.toString() } },
      )
    }
  }
  /** Refuses an owner who cost the relayer gas they did not pay too often, or has too many open orders. */
  const checkOwner = async (chainId: number, order: GaslessOrder) => {
    const griefs = await countGaslessGriefs(store.db, {
      owner: order.user,
      since: new Date(deps.now() - gaslessLimits.griefWindowMs),
    })
    if (griefs >= gaslessLimits.maxGriefsPerOwner) {
      throw new AppError(
        'OWNER_SUSPENDED',
        `${griefs} orders of ${order.user} cost the relayer gas they did not pay within a day`,
        { details: { griefs, max: gaslessLimits.maxGriefsPerOwner } },
      )
    }
    const open = await getOpenGaslessOrdersOfOwner(store.db, {
      chainId,
      owner: order.user,
      srcToken: order.srcToken,
    })
    if (open.open >= gaslessLimits.maxOpenOrdersPerOwner) {
      throw new AppError(
        'TOO_MANY_OPEN_ORDERS',
        `${order.user} has ${open.open} open orders on this chain, the most allowed; wait for one to end or cancel one`,
        { details: { open: open.open, max: gaslessLimits.maxOpenOrdersPerOwner } },
      )
    }
    return open.reserved
  }

  return createRouter()
    .openapi(estimateRoute, async (c) => {
      const { parameters: p } = c.req.valid('json')
      const chain = chainOf(p.chainId)
      const market = deps.markets.get(p.chainId)
      if (p.receiver) assertGaslessReceiver(market, chain, p.receiver, 'receiver')
      const balance = await readFromNode("the owner's balance", () =>
        market.client.readContract({
          address: p.srcToken,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [p.sender],
        }),
      ).catch(() => undefined)
      // an amount the sender does not hold can never fill (a token without balanceOf is refused by the plan)
      if (balance !== undefined && balance < p.amount) {
        throw new AppError('INSUFFICIENT_BALANCE', `The sender holds ${balance}, below amount ${p.amount}`, {
          details: { param: 'amount', balance: balance.toString() },
        })
      }
      const ctx = await createQuoteContext(deps, p.chainId, {
        requestId: c.get('requestId'),
        auth: c.get('auth'),
      })
      const plan = await planGaslessOrder(ctx, chain, p)
      const permitDomain = plan.approvalNeeded
        ? await readTokenPermitDomain(deps.markets.get(p.chainId).client, {
            chainId: p.chainId,
            token: plan.order.srcToken,
            owner: p.sender,
          })
        : undefined
      const tokenPermit =
        permitDomain === undefined
          ? null
          : buildTokenPermitTypedData({
              chainId: p.chainId,
              token: plan.order.srcToken,
              domain: permitDomain,
              owner: p.sender,
              spender: chain.permit2,
              value: plan.order.amountIn,
              deadline: plan.order.deadline,
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
          eip2612Permit: tokenPermit !== null,
          tokenPermit:
            tokenPermit === null
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
      const chain = chainOf(chainId)
      const order = { ...transactionData.order, tradeHash: transactionData.order.tradeHash as Hex }
      if (!isAddressEqual(order.user, sender)) {
        throw new AppError('NOT_ORDER_OWNER', 'sender must be the order.user who signs it', {
          details: { param: 'sender' },
        })
      }
      checkOrder(chainId, order, transactionData.call)
      // Permit2 nonces are unordered: a random 248-bit value never collides in practice.
      const nonce = BigInt(`0x${randomBytes(31).toString('hex')}`)
      const typed = buildGaslessTypedData({
        chainId,
        permit2: chain.permit2,
        settlement: chain.settlement,
        order,
        nonce,
      })
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
      const chain = chainOf(body.chainFrom)
      const { nonce, ...fields } = body.order
      const order: GaslessOrder = { ...fields, tradeHash: fields.tradeHash.toLowerCase() as Hex }
      checkOrder(body.chainFrom, order, body.call)
      await checkFee(body.chainFrom, order, body.call.length)
      const signature = body.signature as Hex
      const typed = buildGaslessTypedData({
        chainId: body.chainFrom,
        permit2: chain.permit2,
        settlement: chain.settlement,
        order,
        nonce,
      })
      const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => undefined)
      if (!signer) throw new AppError('INVALID_SIGNATURE', 'signature is not a valid EIP-712 signature')
      if (!isAddressEqual(signer, order.user)) {
        throw new AppError(
          'NOT_ORDER_OWNER',
          `The order is signed by ${signer}, not by order.user ${order.user}`,
          {
            details: { signer, user: order.user },
          },
        )
      }
      const reserved = await checkOwner(body.chainFrom, order)
      const client = deps.markets.get(body.chainFrom).client
      const tokenPermit = body.permitData
        ? await verifyTokenPermit(client, {
            chainId: body.chainFrom,
            order,
            permit2: chain.permit2,
            permit: body.permitData,
            nowSec: nowSec(),
          })
        : undefined
      const [balance, allowance, bitmap] = await readFromNode("the owner's balance and allowance", () =>
        Promise.all([
          client.readContract({
            address: order.srcToken,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [order.user],
          }),
          client.readContract({
            address: order.srcToken,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [order.user, chain.permit2],
          }),
          client.readContract({
            address: chain.permit2,
            abi: permit2Abi,
            functionName: 'nonceBitmap',
            args: [order.user, nonce >> 8n],
          }),
        ]),
      )
      if (balance < reserved + order.amountIn) {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          reserved === 0n
            ? `The owner holds ${balance}, below amountIn ${order.amountIn}`
            : `The owner holds ${balance}: ${reserved} of it is reserved by open orders, the rest is below amountIn ${order.amountIn}`,
          { details: { balance: balance.toString(), reserved: reserved.toString() } },
        )
      }
      if (allowance < order.amountIn && tokenPermit === undefined) {
        throw new AppError(
          'INSUFFICIENT_ALLOWANCE',
          `The owner's allowance to Permit2 (${chain.permit2}) is ${allowance}, below amountIn ${order.amountIn}`,
          { details: { spender: chain.permit2 } },
        )
      }
      if (((bitmap >> (nonce & 255n)) & 1n) === 1n) {
        throw new AppError('ORDER_EXISTS', 'The Permit2 nonce of this order is already used or cancelled')
      }
      const row = await insertGaslessOrder(store.db, {
        ...orderToRow({ chainId: body.chainFrom, order, nonce, signature, steps: body.call }),
        ...(tokenPermit === undefined ? {} : { tokenPermit }),
      })
      if (!row) throw new AppError('ORDER_EXISTS', 'An order with this owner and nonce exists already')
      deps.wakeRelayer?.(body.chainFrom)
      return c.json({ success: true as const, orderId: row.id }, 200)
    })
    .openapi(cancelRoute, async (c) => {
      const { orderId, signature } = c.req.valid('json')
      const existing = await getGaslessOrder(store.db, orderId)
      if (!existing) throw new AppError('NOT_FOUND', `No gasless order ${orderId}`)
      const signer = await recoverMessageAddress({
        message: cancelMessage(orderId),
        signature: signature as Hex,
      }).catch(() => undefined)
      if (!signer) throw new AppError('INVALID_SIGNATURE', 'signature is not a valid EIP-191 signature')
      if (!isAddressEqual(signer, getAddress(existing.owner))) {
        throw new AppError('NOT_ORDER_OWNER', `Only the order's owner may cancel it; signed by ${signer}`)
      }
      const { cancelled, order } = await cancelGaslessOrder(store.db, {
        id: orderId,
        at: new Date(deps.now()),
      })
      if (!order) throw new AppError('NOT_FOUND', `No gasless order ${orderId}`)
      if (!cancelled && order.status !== 'cancelled') {
        throw new AppError(
          'ORDER_NOT_CANCELLABLE',
          `The order is ${order.status}; its transaction is already signed or it has ended`,
          {
            details: { status: order.status },
          },
        )
      }
      return c.json({ success: true as const, response: formatGaslessOrder(order) }, 200)
    })
    .openapi(statusRoute, async (c) => {
      const { orderId } = c.req.valid('param')
      let row = await getGaslessOrder(store.db, orderId)
      if (!row) throw new AppError('NOT_FOUND', `No gasless order ${orderId}`)
      if (row.status === 'pending' && row.deadline < nowSec()) {
        await failPendingGaslessOrder(store.db, {
          id: row.id,
          at: new Date(deps.now()),
          failureMsg: `order expired: its deadline ${row.deadline} passed before it could be executed`,
        })
        row = (await getGaslessOrder(store.db, orderId)) ?? row
      }
      return c.json({ response: formatGaslessOrder(row) }, 200)
    })
    .openapi(byAddressRoute, async (c) => {
      const { address: owner } = c.req.valid('param')
      const { page, limit } = c.req.valid('query')
      const { rows, total } = await listGaslessOrdersByOwner(store.db, owner, {
        limit,
        offset: (page - 1) * limit,
      })
      return c.json({ response: rows.map(formatGaslessOrder), total, page, limit }, 200)
    })
}

/**
 * Checks an order's EIP-2612 `permit` of srcToken to Permit2: not expired, at least `amountIn`, the token has a
 * standard permit, and the signature recovers to `order.user` at the token's current nonce. Answers it as the
 * store keeps it. Throws INVALID_ORDER, INVALID_SIGNATURE or NOT_ORDER_OWNER.
 */
async function verifyTokenPermit(
  client: Parameters<typeof readTokenPermitDomain>[0],
  p: {
    chainId: number
    order: GaslessOrder
    permit2: Address
    permit: { value: bigint; deadline: bigint; signature: string }
    nowSec: number
  },
): Promise<StoredTokenPermit> {
  const { order, permit } = p
  if (permit.deadline <= BigInt(p.nowSec)) {
    throw new AppError('INVALID_ORDER', `permitData.deadline ${permit.deadline} has passed`, {
      details: { param: 'permitData.deadline' },
    })
  }
  if (permit.value < order.amountIn) {
    throw new AppError(
      'INVALID_ORDER',
      `permitData.value ${permit.value} is below amountIn ${order.amountIn}`,
      {
        details: { param: 'permitData.value' },
      },
    )
  }
  const domain = await readTokenPermitDomain(client, {
    chainId: p.chainId,
    token: order.srcToken,
    owner: order.user,
  })
  if (!domain) {
    throw new AppError('INVALID_ORDER', `srcToken ${order.srcToken} has no EIP-2612 permit`, {
      details: { param: 'permitData' },
    })
  }
  const signature = permit.signature as Hex
  const typed = buildTokenPermitTypedData({
    chainId: p.chainId,
    token: order.srcToken,
    domain,
    owner: order.user,
    spender: p.permit2,
    value: permit.value,
    deadline: permit.deadline,
  })
  const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => undefined)
  if (!signer)
    throw new AppError('INVALID_SIGNATURE', 'permitData.signature is not a valid EIP-712 signature')
  if (!isAddressEqual(signer, order.user)) {
    throw new AppError(
      'NOT_ORDER_OWNER',
      `The permit is signed by ${signer}, not by order.user ${order.user}`,
      {
        details: { signer, user: order.user, param: 'permitData.signature' },
      },
    )
  }
  return { value: permit.value.toString(), deadline: permit.deadline.toString(), signature }
}
