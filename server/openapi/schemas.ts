import { z } from '@hono/zod-openapi'
import { type Address, getAddress, maxUint256 } from 'viem'
import { errorCodes } from '../errors'

const errorCodeList = Object.keys(errorCodes) as [keyof typeof errorCodes, ...(keyof typeof errorCodes)[]]

export const ErrorResponseSchema = z
  .object({
    statusCode: z.number().int().openapi({ example: 400 }),
    message: z.string().openapi({ example: 'Chain 999 is not supported' }),
    error: z.object({
      code: z.enum(errorCodeList).openapi({ example: 'UNSUPPORTED_CHAIN' }),
      details: z.unknown().optional(),
    }),
    requestId: z.string().openapi({ example: '5f0c6f4e-4d7e-4b0e-9a59-0f3c9b1d8a21' }),
  })
  .openapi('Error')

/** What each error status means, for the `responses` of the OpenAPI document. */
export const errorDescriptions: Record<number, string> = {
  400: 'Invalid request (INVALID_PARAMS, INVALID_JSON, UNSUPPORTED_CHAIN, ...)',
  401: 'Missing or invalid API key (UNAUTHORIZED)',
  404: 'Not found (NOT_FOUND)',
  413: 'Request body too large (PAYLOAD_TOO_LARGE)',
  415: 'Unsupported media type (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The request is valid but cannot be served (NO_ROUTE, ...)',
  429: 'Rate limited (RATE_LIMITED)',
  500: 'Internal error (INTERNAL)',
  502: 'An upstream service answered what the server refuses to act on (UPSTREAM_REFUSED)',
  503: 'An upstream service is unavailable (UPSTREAM_UNAVAILABLE)',
}

/**
 * OpenAPI `responses` entries for the given error statuses, all with the shared `Error` body, to
 * spread into a route definition next to its success response.
 */
export function errorResponses<const S extends readonly (keyof typeof errorDescriptions & number)[]>(
  ...statuses: S
): {
  [K in S[number]]: {
    description: string
    content: { 'application/json': { schema: typeof ErrorResponseSchema } }
  }
} {
  const entries = statuses.map((status) => [
    status,
    {
      description: errorDescriptions[status] ?? 'Error',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  ])
  return Object.fromEntries(entries)
}

/** An EVM address in any letter case: `0x` and 40 hex digits. The one address pattern of the API. */
export const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * An EVM address field. `name` goes into the messages (`sender is required`, `sender must be a
 * 0x-prefixed 20-byte hex address`), so validation errors name the parameter even in nested bodies.
 */
export function evmAddressField(name = 'address') {
  return z
    .string({ error: `${name} is required` })
    .regex(evmAddressPattern, `${name} must be a 0x-prefixed 20-byte hex address`)
}

export const AddressSchema = evmAddressField().openapi({
  example: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
})

/** An address in any letter case, parsed to its EIP-55 checksummed form (for inputs). */
export const AddressInputSchema = AddressSchema.transform((value): Address => getAddress(value))

/**
 * A base-unit amount field: a decimal integer string (no sign, decimals or exponent; at most 78 digits),
 * parsed to a bigint in `[min, 2^256 - 1]` (`min` defaults to 0). The one amount schema of the API:
 * routes, bodies and batch items all use it, so the bounds are written once.
 */
export function uint256Field(name = 'amount', options: { min?: bigint; allowNumber?: boolean } = {}) {
  const min = options.min ?? 0n
  const digits = z.string({ error: `${name} is required` }).regex(/^\d{1,78}$/, {
    message: `${name} must be a decimal integer string of base units (no sign, decimals or exponent)`,
    abort: true,
  })
  const input = options.allowNumber
    ? z.union([digits, z.number().int().nonnegative().transform(String)], {
        error: `${name} must be a decimal integer string of base units`,
      })
    : digits
  return input
    .transform((value) => BigInt(value))
    .refine(
      (value) => value >= min,
      min === 1n ? `${name} must be greater than 0` : `${name} must be at least ${min}`,
    )
    .refine((value) => value <= maxUint256, `${name} must not exceed 2^256 - 1`)
}

/** Decimal string of a base-unit amount (wei), for responses. */
export const AmountSchema = z.string().regex(/^\d+$/).openapi({ example: '1000000000000000000' })

/**
 * An optional query value: an empty string or the literal `undefined` (what sloppy clients send for a field
 * they have no value for) is treated as absent, so the default applies, never as 0 or false.
 */
export const optionalQueryParam = <T extends z.ZodType<unknown, string | undefined>>(schema: T) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' || value === 'undefined' ? undefined : value))
    .pipe(schema.optional())

const chainIdString = z
  .string()
  .regex(/^-?\d{1,12}$/, 'expected a numeric chain id')
  .transform(Number)

/** Path parameters of every `/trade/v1/{chainId}/...` route; follow with `assertSupportedChain`. */
export const ChainIdParamsSchema = z.object({
  chainId: chainIdString.openapi({
    param: { name: 'chainId', in: 'path', description: 'Numeric chain id' },
    type: 'integer',
    example: 1,
  }),
})

/** An optional chain id query value (`1`, `-3980891822`); empty or `undefined` means absent. */
export const optionalChainIdParam = optionalQueryParam(chainIdString)

/**
 * A paging query value (`page`, `limit`, `offset`): decimal digits only, so `0x10`, `1e1`, ` 5` or `5.0` are
 * refused (400) rather than read as numbers; absent, empty or `undefined` gives `fallback`; `min`..`max`.
 */
export const pagingQueryParam = (name: string, fallback: number, min: number, max = 1_000_000_000) =>
  optionalQueryParam(
    z
      .string()
      .regex(/^\d{1,10}$/, `${name} must be decimal digits`)
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  )
    .transform((value) => value ?? fallback)
    .openapi({ param: { name, in: 'query' }, type: 'integer', default: fallback, minimum: min, maximum: max })

/** Optional `chainId` query parameter filtering a listing to one chain. */
export const ChainIdFilterQuerySchema = z.object({
  chainId: optionalChainIdParam.openapi({
    param: { name: 'chainId', in: 'query', description: 'Only this chain' },
    type: 'integer',
    example: 1,
  }),
})

/**
 * Status of a cross-chain trade in `GET /trade/v1/info/tx/{txHash}`, upper case as clients of the compatible API
 * compare it: `PENDING` (origin transaction not final yet), `INFLIGHT` (accepted by the provider, destination
 * not delivered), `DELIVERED` (done; `dstTxHash` set), `FAILED`. The one vocabulary of every cross-chain flow.
 */
export const CrossChainStatusSchema = z
  .enum(['PENDING', 'INFLIGHT', 'DELIVERED', 'FAILED'])
  .openapi('CrossChainStatus', { example: 'DELIVERED' })

export type CrossChainStatus = z.output<typeof CrossChainStatusSchema>

/**
 * Why a cross-chain trade in flight waits for someone to act, set only then: `COMPOSE_FAILED`, the bridged asset
 * arrived but the destination swap (a LayerZero compose) reverted and stays queued on the destination's endpoint;
 * anyone may deliver it with the transaction of `GET /trade/v1/info/tx/{txHash}/retry`.
 */
export const CrossSubStatusSchema = z.enum(['COMPOSE_FAILED']).openapi('CrossSubStatus', {
  description:
    'Set while an in-flight cross-chain trade waits for someone to act: `COMPOSE_FAILED`, the bridged asset arrived but the destination swap (a LayerZero compose) reverted and stays queued on the endpoint; anyone may deliver it with the transaction of `GET /trade/v1/info/tx/{txHash}/retry`',
})

/**
 * Where a trade of any flow stands, the one state model of the history (`GET /trade/v1/info/history/{address}`)
 * and the web app: `quoted` (a quote, nothing sent; the app's own records only), `submitted` (sent or signed,
 * not yet accepted), `inFlight` (under way), `delivered`, `deliveredOtherToken` (delivered, in another token than
 * asked), `refunded` (given back on the source chain), `failed`, `expired` (ended without ever executing:
 * a deadline passed or the order was cancelled).
 */
export const HistoryStateSchema = z
  .enum([
    'quoted',
    'submitted',
    'inFlight',
    'delivered',
    'deliveredOtherToken',
    'refunded',
    'failed',
    'expired',
  ])
  .openapi('HistoryState', { example: 'delivered' })

export type HistoryState = z.output<typeof HistoryStateSchema>

const nullableAmount = z.string().regex(/^\d+$/).nullable()

/**
 * What was actually paid into a liquidity network's vault (a UTXO or Cosmos deposit), against the deposit the
 * server built with the same memo: `exact`, `underPaid`, `overPaid`, `late` (observed after the quote expired;
 * takes precedence) or `unquoted` (no deposit of ours carries that memo). `note` says what the network did.
 */
export const DepositPaymentSchema = z
  .object({
    kind: z.enum(['exact', 'underPaid', 'overPaid', 'late', 'unquoted']),
    paidAmountIn: z.string().regex(/^\d+$/).openapi({ description: 'Base units actually paid' }),
    paidAt: z.string().openapi({
      description:
        'When the payment was first seen, ISO 8601: in its UTXO chain mempool (the trade PENDING until the network observes it), else by the network',
    }),
    quotedAmountIn: nullableAmount.openapi({ description: 'Base units the quote asked; null when unquoted' }),
    quoteExpiresAt: z.string().nullable().openapi({ description: 'When the quote expired, ISO 8601' }),
    refundAddress: z.string().nullable().openapi({
      description: 'Where the refund went (or would go): the memo refund address, else the sender',
    }),
    note: z.string().openapi({
      description:
        'What happened, e.g. "under-paid 0.099 BTC of 0.1 BTC asked: refunded 0.09985 BTC to bcrt1…"',
    }),
  })
  .openapi('DepositPayment')

export type DepositPayment = z.output<typeof DepositPaymentSchema>

/** One trade of an address's history, whatever its flow (see `HistoryStateSchema`). Amounts are base units. */
export const HistoryItemSchema = z
  .object({
    kind: z.enum(['swap', 'cross', 'gasless']).openapi({
      description:
        'swap: single-chain through the aggregator; cross: a bridge send; gasless: a relayed order',
    }),
    state: HistoryStateSchema,
    id: z.string().openapi({ description: 'Stable id of the record (kind and stored id)' }),
    fromChainId: z.number().int(),
    toChainId: z.number().int(),
    sender: z
      .string()
      .openapi({ description: 'Who paid (Swapped.sender, the bridge sender, the order owner)' }),
    receiver: z.string(),
    tokenIn: z.string().openapi({ description: 'Zero address for the native currency' }),
    tokenOut: z.string().openapi({ description: 'The token asked for, on toChainId' }),
    amountIn: AmountSchema,
    amountOut: nullableAmount.openapi({
      description: 'What the receiver got, once known (in tokenReceived when that is set); else null',
    }),
    tokenReceived: z
      .string()
      .nullable()
      .openapi({ description: 'Set when another token than tokenOut arrived' }),
    amountRefunded: nullableAmount.openapi({
      description: 'Base units of tokenIn given back, when refunded',
    }),
    originTxHash: z.string().nullable().openapi({ description: 'Null for a gasless order not yet sent' }),
    destinationTxHash: z
      .string()
      .nullable()
      .openapi({ description: 'Same as originTxHash for a single-chain trade; null until delivered' }),
    providerId: z
      .string()
      .nullable()
      .openapi({ description: 'The bridge of a cross-chain trade', example: 'stargate' }),
    createdAt: z.string().openapi({ description: 'Origin block time (order time for gasless), ISO 8601' }),
    finishedAt: z.string().nullable().openapi({ description: 'When it reached its final state, ISO 8601' }),
    payment: DepositPaymentSchema.optional().openapi({
      description:
        'Set on a deposit into a liquidity network (UTXO or Cosmos source): what was paid, and when',
    }),
    subStatus: CrossSubStatusSchema.optional(),
  })
  .openapi('HistoryItem')

export type HistoryItem = z.output<typeof HistoryItemSchema>

/**
 * A value of one of two shapes, parsed by the schema `isFirst` picks for it: unlike a union, a malformed value's
 * issues name the fields of the shape it was meant to be (the paths stay under the field). Give the result an
 * `.openapi()` description of both shapes.
 */
export function oneOfShapes<A extends z.ZodType, B extends z.ZodType>(
  isFirst: (value: unknown) => boolean,
  first: A,
  second: B,
) {
  return z.unknown().transform((value, ctx): z.output<A> | z.output<B> => {
    const parsed = (isFirst(value) ? first : second).safeParse(value)
    if (parsed.success) return parsed.data as z.output<A> | z.output<B>
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value })
    return z.NEVER
  })
}
