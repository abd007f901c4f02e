import { createRoute, z } from '@hono/zod-openapi'
import { buildCrossQuoteData } from '../cross/buildCrossQuoteData'
import { buildCrossSwapFromBody, buildCrossSwapFromQuery } from '../cross/buildCrossSwap'
import { createRecentMisses } from '../cross/createRecentMisses'
import type { CrossServices } from '../cross/crossServices'
import { getCrossRetry } from '../cross/getCrossRetry'
import { getCrossTx, TX_MISS_MAX_ENTRIES, TX_MISS_TTL_MS } from '../cross/getCrossTx'
import { type CrossTradeParams, quoteCross } from '../cross/quoteCross'
import { selectCrossQuote } from '../cross/selectCrossQuote'
import { openCrossQuoteStream } from '../cross/streamCrossQuotes'
import { compatibleMessages } from '../errors'
import { acceptsEventStream } from '../http/acceptsEventStream'
import { respondEventStream } from '../http/respondEventStream'
import type { Logger } from '../logger'
import { createRouter } from '../openapi/createRouter'
import {
  AddressSchema,
  AmountSchema,
  ChainIdParamsSchema,
  CrossChainStatusSchema,
  CrossSubStatusSchema,
  DepositPaymentSchema,
  errorResponses,
  optionalChainIdParam,
  optionalQueryParam,
  uint256Field,
} from '../openapi/schemas'
import { CONTRACT_VERSIONS } from '../quotes/contractVersion'
import { booleanString, SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'
import { QuoteProtocolSchema, QuoteTokenSchema } from '../quotes/singleQuoteSchema'

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
    isExactOut: SingleQuoteQuerySchema.shape.isExactOut.openapi({
      type: 'string',
      description:
        '`true`: `amount` is what the receiver gets, exactly, in destination base units; only providers that guarantee it answer, each with the input it needs in `srcTrade.fromTokenAmount`: Across and Stargate, from any source token (the origin swaps it to the bridged asset with a slippage margin that comes back to the sender), when the output is an asset the bridge pays itself (Across: USDC, USDT, WETH or the native coin for it; Stargate: a pooled asset, ETH as the native coin, in whole units of its 6 shared decimals), never through a destination swap. Otherwise 422 NO_ROUTE whose `details.reasons` say what each provider pays exactly on that chain',
    }),
  })
  .openapi('CrossQuoteQuery')

const memolessDescription =
  '`true`: a deposit from a UTXO chain paid without a memo (no OP_RETURN), from any wallet: the server registers ' +
  "the quote's memo on THORChain and the amount to pay ends in the registration's reference, at or above the " +
  'quoted input (`data.params[0].amount`, `data.memoless`; `amountOut` is the output for that amount). 400 ' +
  '`MEMOLESS_UNAVAILABLE` for another source, or where no memo registrar runs'

const CrossSwapQuerySchema = CrossQuoteQuerySchema.extend({
  memoless: booleanString('memoless').openapi({ type: 'string', description: memolessDescription }),
}).openapi('CrossSwapQuery')

const CrossSelectQuerySchema = CrossQuoteQuerySchema.extend({
  stableAmount: uint256Field('stableAmount', { min: 1n }).openapi({
    type: 'string',
    example: '1000000000',
    description:
      "Base units of the bridged asset: exact input, what the chosen source leg pays (a `srcTradeList` element's `toTokenAmount`); exact output, what the chosen destination leg needs (a `dstTradeList` element's `fromTokenAmount`)",
  }),
  tradeProtocol: z
    .string({ error: 'tradeProtocol is required' })
    .min(1, 'tradeProtocol is required')
    .max(64, 'tradeProtocol must be at most 64 characters')
    .openapi({ example: 'CROSS_CHAIN_STARGATE', description: "The provider's `tradeProtocol`" }),
  bridgeAsset: optionalQueryParam(z.string().max(32, 'bridgeAsset must be at most 32 characters')).openapi({
    type: 'string',
    example: 'USDC',
    description:
      "The offer's bridged asset (`route.via`, e.g. `USDC`); default: what the provider's best offer for the trade carries",
  }),
}).openapi('CrossSelectQuery')

const CrossDataBodySchema = z
  .object({
    transactionData: z
      .record(z.string(), z.unknown(), { error: 'transactionData must be an object' })
      .openapi({
        description: "A `quote/cross` offer's `transactionData`, unchanged",
      }),
    srcQuoteTxData: z.unknown().optional().openapi({
      description:
        "The chosen source leg: the `transactionData` of a `srcTradeList` element (its `info` and `pools` are read); absent or null keeps the offer's",
    }),
    dstQuoteTxData: z.unknown().optional().openapi({
      description:
        "The chosen destination leg: the `transactionData` of a `dstTradeList` element; absent or null keeps the offer's",
    }),
    userSelectedQuoteData: z
      .unknown()
      .optional()
      .openapi({ description: "Ignored (the client's merge of quote/cross-select)" }),
    nativeFee: z.unknown().optional().openapi({ description: 'Ignored: the native fee is quoted again' }),
    nativeValue: z
      .unknown()
      .optional()
      .openapi({ description: 'Ignored: the answer carries the value to send' }),
    tradeParams: z
      .unknown()
      .optional()
      .openapi({ description: 'Ignored: the trade is read from `transactionData`' }),
  })
  .openapi('CrossDataBody')

const CrossSwapBodySchema = z
  .object({
    transactionData: z.record(z.string(), z.unknown(), { error: 'transactionData must be an object' }),
    nativeValue: z.string().optional(),
    account: z.string({ error: 'account is required' }).max(128).openapi({
      description:
        "The sending account on the source chain; from an EVM chain to a UTXO or Cosmos chain also the quote's receiver (the sender is then not known: the native coin is paid to the network's vault with the memo as `data`, a token through LiquidityEntry)",
    }),
    receiver: z.string().max(128).optional(),
    memoless: z.boolean().optional().openapi({ description: memolessDescription }),
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
    dstTxHash: z.string().nullable().openapi({
      description:
        'Set once the destination paid (DELIVERED, or FAILED with the bridged token), or, with `refunded`, the refund transaction on the origin',
    }),
    srcChainId: z.number().int(),
    dstChainId: z.number().int(),
    status: CrossChainStatusSchema,
    tradeProtocol: z.string().openapi({ example: 'CROSS_CHAIN_THORCHAIN' }),
    amountReceived: z
      .string()
      .nullable()
      .openapi({ description: 'Base units paid on the destination (or refunded), once paid' }),
    tokenReceived: z.string().nullable().openapi({
      description:
        'The asset paid (token address or denom; the zero address for the native coin), once known. Differs from the asked token when `receivedDifferentTokens`',
    }),
    receivedDifferentTokens: z.boolean().openapi({
      description: 'True when the destination swap failed and the bridged token was delivered instead',
    }),
    refunded: z.boolean().openapi({
      description:
        'True when the input was refunded to the sender on the source chain (status FAILED, amountReceived the refunded input in source base units, dstTxHash the refund transaction on the source chain): an intent bridge (Across) whose deposit no relayer filled before its deadline, or the liquidity network (THORChain) refunding a swap it could not pay (price limit not met), minus its outbound fee',
    }),
    providerInfo: ProviderInfoSchema,
    payment: DepositPaymentSchema.optional().openapi({
      description:
        'Set on a deposit the liquidity network observed (UTXO or Cosmos source): the amount actually paid and when, under-, over- or late payment against the quote, and what the network did',
    }),
    subStatus: CrossSubStatusSchema.optional(),
  })
  .openapi('CrossChainTx')

const CrossRetrySchema = z
  .object({
    chainId: z.number().int().openapi({ description: 'The EVM chain to send it on (the destination)' }),
    to: AddressSchema.openapi({ description: "The destination's LayerZero EndpointV2" }),
    data: z.string().openapi({
      description: 'Calldata: `lzCompose(from, to, guid, index, message, 0x)` of the queued message',
    }),
    value: z.string().openapi({ description: 'Wei to send along', example: '0' }),
    gasLimit: z
      .string()
      .openapi({ description: "Gas the transaction needs at least (the destination swap's budget)" }),
  })
  .openapi('CrossRetry')

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

const SideSummarySchema = z
  .object({
    fromTokenAmount: AmountSchema,
    toTokenAmount: AmountSchema,
  })
  .openapi('CrossSideSummary', { description: 'A side without a swap: what enters it and what leaves it' })

const CrossLegSchema = z
  .object({
    chainId: z.number().int(),
    fromTokenAmount: AmountSchema,
    toTokenAmount: AmountSchema,
    deltaAmount: AmountSchema.openapi({
      description: "The swap's minimum output (exact input), or its input (exact output)",
    }),
    tokenFrom: QuoteTokenSchema,
    tokenTo: QuoteTokenSchema,
    tradeType: z.number().int().openapi({ description: '0 exact input, 1 exact output' }),
    protocol: z.array(QuoteProtocolSchema),
    transactionData: z.object({
      info: z.object({
        srcToken: AddressSchema,
        dstToken: AddressSchema,
        amountIn: AmountSchema.optional(),
        amountOutMin: AmountSchema.optional(),
        amountOut: AmountSchema.optional(),
        amountInMax: AmountSchema.optional(),
        actualQuote: AmountSchema,
        path: z.array(AddressSchema),
      }),
      call: z.array(
        z.object({
          targetExchange: z.string(),
          targetExchangeID: z.string().optional(),
          sellToken: AddressSchema,
          buyToken: AddressSchema,
          amount: AmountSchema,
          amountDelta: AmountSchema,
          data: z.string().openapi({ description: "The hop's Aggregator route step, ABI-encoded" }),
        }),
      ),
      pools: z.array(z.string()).openapi({
        description:
          "The path's pool ids in order: what `quote/cross-data` reads of a chosen leg (`srcQuoteTxData`, `dstQuoteTxData`)",
      }),
      chainId: z.number().int(),
      version: z.string(),
    }),
    contractVersion: z.string(),
  })
  .openapi('CrossLeg', {
    description:
      "A side's swap in the single-chain quote's shape: one path of pools the bridge's entry (source) or destination contract runs",
  })

const CrossTransactionFields = {
  to: z.string().optional().openapi({ description: 'EVM: the contract or vault; UTXO: the inbound address' }),
  data: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .optional()
    .openapi({
      description:
        'EVM: calldata (hex). UTXO: `{ method: "transfer", params: [{ recipient, amount: { amount, decimals }, memo }] }`; a deposit paid without a memo has `memo: ""` and `memoless: { reference, memo, registrationHash }` (the registered memo the network reads the payment as)',
    }),
  value: z.string().optional(),
  approvalAddress: z.string().optional().openapi({
    description:
      'EVM token input: the spender to approve for the amount first (our cross-chain entry: StargateEntry or AcrossEntry)',
  }),
  nativeValue: z.string().optional().openapi({
    description:
      'Wei the EVM transaction carries: amount + nativeFee for a native input, nativeFee for a token',
  }),
}

const CrossQuoteSchema = z
  .object({
    srcTrade: z.union([CrossLegSchema, SideSummarySchema]).openapi({
      description:
        'The source side: its swap into what crosses (with `tokenTo`), or, without one, the input (`fromTokenAmount`)',
    }),
    dstTrade: z.union([CrossLegSchema, SideSummarySchema]).openapi({
      description:
        'The destination side: its swap from what arrives (with `tokenFrom`), or, without one, the output (`toTokenAmount`)',
    }),
    srcTradeList: z.array(CrossLegSchema).openapi({
      description:
        "The source swaps this offer could take: `srcTrade` first, then each exchange's best other path (empty without a source swap)",
    }),
    dstTradeList: z.array(CrossLegSchema).openapi({
      description:
        "The destination swaps this offer could take: `dstTrade` first, then each exchange's best other path (empty without a destination swap)",
    }),
    nativeFee: z.string().openapi({
      description:
        "Wei of the source chain's native currency paid to the provider: Stargate's LayerZero messaging fee (destination gas and compose included); 0 for Across, whose relayer is paid out of the input (the relayer fee is in the output)",
    }),
    ...CrossTransactionFields,
    tradeProtocol: z.string().openapi({ example: 'CROSS_CHAIN_THORCHAIN' }),
    sourceChainId: z.number().int(),
    destinationChainId: z.number().int(),
    processingTime: z
      .number()
      .openapi({ description: 'Expected seconds from the origin transaction to delivery' }),
    transactionData: z.record(z.string(), z.unknown()).openapi({
      description:
        "Post it back unchanged to POST swap/cross (`mac` authenticates it). `params` holds `amount`, `minQuote` and `actualQuote` (destination base units) and `nativeFee`; the liquidity network's answers also carry THORNode's quote fields (`inbound_address`, `memo`, `expiry`, `expected_amount_out` in 1e8 units, `fees`, `recommended_min_amount_in`, `recommended_gas_rate`, `gas_rate_units`...) and `tradeType`",
    }),
    tradeParams: z.object({
      tokenIn: z.string(),
      tokenOut: z.string(),
      sender: z.string().nullable(),
      receiver: z.string(),
      slippage: z.number(),
      srcChainId: z.number().int(),
      dstChainId: z.number().int(),
      amount: z.string(),
      inNative: z.boolean(),
      outNative: z.boolean(),
      deadline: z.number().int(),
      feeReceiver: z
        .string()
        .nullable()
        .openapi({ description: 'Who gets the integrator fee, if one is asked' }),
      feePercent: z.number().openapi({
        description:
          'Integrator fee, a fraction of what is bridged, paid on the source chain in the bridged asset (Stargate: of the pool asset sent; Across: of the deposit, in its input token)',
      }),
      uuid: z.string().nullable().openapi({ description: 'The `uuid` of the request, echoed' }),
    }),
    fees: z.array(
      z.object({
        kind: z.enum(['protocol', 'gas', 'relayer', 'liquidity', 'integrator']),
        chainId: z.number().int(),
        token: z.string(),
        amount: z.string(),
      }),
    ),
    providerInfo: ProviderInfoSchema,
    memoless: z.boolean().openapi({
      description:
        'True when the deposit (from a UTXO chain) can also be paid without a memo, from any wallet: POST swap/cross with `memoless: true`',
    }),
    contractVersion: z.enum(CONTRACT_VERSIONS).openapi({
      description:
        "The key of the contract this provider's EVM transactions and approvals go to in `info/contract-addresses` (`map[contractVersion][chainId]`): `v2` StargateEntry, `v3` AcrossEntry, `v4` LiquidityEntry",
    }),
    priceImpact: z
      .number()
      .nullable()
      .openapi({ description: 'Fraction of the USD value lost; null when unknown' }),
    fromAmountUsd: z
      .number()
      .nullable()
      .openapi({ description: 'USD value of the input; null when unknown' }),
    toAmountUsd: z
      .number()
      .nullable()
      .openapi({ description: 'USD value of what arrives (`dstTrade.toTokenAmount`); null when unknown' }),
    route: z
      .object({
        via: z
          .string()
          .openapi({ description: 'What crosses between the chains (USDC, ETH; RUNE for the network)' }),
        sourceSwap: z.boolean().openapi({ description: 'The input is swapped on the source chain first' }),
        destinationSwap: z
          .boolean()
          .openapi({ description: 'What arrives is swapped on the destination chain' }),
      })
      .nullable(),
  })
  .openapi('CrossQuote')

const CrossSelectSchema = z
  .object({
    tradeProtocol: z.string(),
    providerInfo: ProviderInfoSchema,
    sourceChainId: z.number().int(),
    destinationChainId: z.number().int(),
    bridgeAsset: z
      .string()
      .openapi({ description: 'What crosses (`route.via` of the offer)', example: 'USDC' }),
    bridgeToken: z.string().openapi({
      description:
        "The bridged asset's token where the chosen leg meets the bridge: on the source chain (exact input), on the destination (exact output)",
    }),
    stableAmount: AmountSchema,
    nativeFee: AmountSchema.openapi({ description: 'Wei of the native fee with the side as answered' }),
    processingTime: z.number(),
    contractVersion: z.enum(CONTRACT_VERSIONS).openapi({
      description:
        "The key of the contract this provider's EVM transactions and approvals go to in `info/contract-addresses` (`map[contractVersion][chainId]`): `v2` StargateEntry, `v3` AcrossEntry, `v4` LiquidityEntry",
    }),
    toTokenAmount: AmountSchema.optional().openapi({
      description: 'Exact input: what the receiver gets when `stableAmount` crosses',
    }),
    dstTrade: z.union([CrossLegSchema, SideSummarySchema]).optional().openapi({ description: 'Exact input' }),
    dstTradeList: z.array(CrossLegSchema).optional().openapi({ description: 'Exact input' }),
    fromTokenAmount: AmountSchema.optional().openapi({
      description: 'Exact output: the input that pays `stableAmount` where it is needed',
    }),
    srcTrade: z
      .union([CrossLegSchema, SideSummarySchema])
      .optional()
      .openapi({ description: 'Exact output' }),
    srcTradeList: z.array(CrossLegSchema).optional().openapi({ description: 'Exact output' }),
  })
  .openapi('CrossSelect')

const CrossDataSchema = z.record(z.string(), z.unknown()).openapi('CrossData', {
  description:
    "The new offer's `transactionData` (as a `quote/cross` offer carries it: `provider`, `params` with `actualQuote` and `minQuote`, `srcCalls`, `dstCalls`, the provider's details) with `nativeValue` (wei the transaction sends) and `mac`: post it as `transactionData` to `POST swap/cross`",
})

const CrossSwapSchema = z
  .object({
    ...CrossTransactionFields,
    estimateGas: z.string().optional().openapi({
      description:
        "EVM source: the node's gas estimate of the transaction from `account` (+30%, as swap/single); absent with `estimateGasError`",
    }),
    estimateGasError: z.string().optional().openapi({
      description:
        'EVM source: why no estimate (the input balance short, the approval of `approvalAddress` missing, a revert)',
    }),
    insufficientFunds: z
      .boolean()
      .optional()
      .openapi({ description: 'EVM source: input balance below the amount' }),
    insufficientAllowance: z
      .boolean()
      .optional()
      .openapi({ description: 'EVM token source: allowance for `approvalAddress` below the amount' }),
    allowance: z
      .string()
      .optional()
      .openapi({ description: 'EVM source: the allowance for `approvalAddress`' }),
    balance: z.string().optional().openapi({ description: "EVM source: the account's balance of the input" }),
    insufficientGas: z.boolean().optional().openapi({
      description: 'EVM source: native balance below gas x gasPrice + value',
    }),
    gasPrice: z.string().optional().openapi({ description: 'EVM source: wei per gas' }),
    nativeFee: z.string(),
    amountOut: z.string(),
    minAmountOut: z.string(),
    expiresAt: z.number().int(),
    tradeProtocol: z.string(),
    contractVersion: z.enum(CONTRACT_VERSIONS).openapi({
      description:
        "The key of the contract this provider's EVM transactions and approvals go to in `info/contract-addresses` (`map[contractVersion][chainId]`): `v2` StargateEntry, `v3` AcrossEntry, `v4` LiquidityEntry",
    }),
  })
  .openapi('CrossSwap')

const crossDescription =
  'Every mounted provider quotes (the liquidity network for UTXO and Cosmos trades), best first. Refusals: ' +
  "400 `UNSUPPORTED_CHAIN`, `UNSUPPORTED_TOKEN`, `UNSUPPORTED_DIRECTION` (outside the spec's table of UTXO/Cosmos " +
  "directions), `INVALID_PARAMS` (same chain, exact output, a sender or receiver not in its chain's format), " +
  "`BELOW_MINIMUM` (under $10 of input, or under the network's minimum), `INVALID_PARAMS` for a receiver that " +
  "would lose the funds (the zero address, a token, pool, bridge or exchange contract, the network's vault or " +
  "router); 422 `INSUFFICIENT_LIQUIDITY` when every quote would deliver less than half the input's value; " +
  '422 `NO_ROUTE` with the message ' +
  `\`${compatibleMessages.noCrossChainProvider}\` when no provider serves the trade.`

const quoteCrossRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/quote/cross',
  tags: ['Cross chain'],
  summary: 'All available quotes for a cross-chain trade (also UTXO/Cosmos trades)',
  description: crossDescription,
  request: { params: ChainIdParamsSchema, query: CrossQuoteQuerySchema },
  responses: {
    200: {
      description:
        'Quotes, best first. With `Accept: text/event-stream`, server-sent events instead: an `offer` event per ' +
        'quote (data: one element of the JSON answer, `id` from 0) the moment its provider answers, then `end` ' +
        '(data: `ranking`, the offer ids best first, and `failures`, the providers that gave none and why), or ' +
        "`error` (data: the JSON answer's error body) when no offer can be shown; within the providers' 8-s " +
        'deadline. Refusals known before any provider is asked answer as JSON, as without the header.',
      content: { 'application/json': { schema: z.array(CrossQuoteSchema) } },
    },
    ...errorResponses(400, 422, 429),
  },
})

const swapCrossGetRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/swap/cross',
  tags: ['Cross chain'],
  summary: 'Transaction data for a cross-chain trade',
  description: `The best provider's transaction for the trade (\`sender\` required). ${crossDescription}`,
  request: { params: ChainIdParamsSchema, query: CrossSwapQuerySchema },
  responses: {
    200: { description: 'Transaction data', content: { 'application/json': { schema: CrossSwapSchema } } },
    ...errorResponses(400, 422, 429, 502),
  },
})

const swapCrossPostRoute = createRoute({
  method: 'post',
  path: '/trade/v1/{chainId}/swap/cross',
  tags: ['Cross chain'],
  summary: 'Transaction data for a chosen cross-chain quote (body: its transactionData and the account)',
  description:
    'The transaction of the quote whose `transactionData` is posted, unchanged: its `mac` binds every field to ' +
    'the API key it was issued to, so a changed field, a missing `mac` or another key answers 400 ' +
    '`QUOTE_TAMPERED`; the body chooses only the signing `account` (and may repeat the quoted `receiver`). The ' +
    "provider checks its data again (400 `INVALID_PARAMS` naming a malformed field; the network's current " +
    'vault, a memo paying the receiver); an expired quote answers 422 `QUOTE_EXPIRED`.',
  request: {
    params: ChainIdParamsSchema,
    body: { content: { 'application/json': { schema: CrossSwapBodySchema } }, required: true },
  },
  responses: {
    200: { description: 'Transaction data', content: { 'application/json': { schema: CrossSwapSchema } } },
    ...errorResponses(400, 422, 429, 502),
  },
})

const crossSelectRoute = createRoute({
  method: 'get',
  path: '/trade/v1/{chainId}/quote/cross-select',
  tags: ['Cross chain'],
  summary: "One provider's offer with the bridged amount a chosen leg sets (the advanced flow)",
  description:
    "The side of provider `tradeProtocol`'s offer that follows from a leg the client chose. Exact input: " +
    '`stableAmount` is what the chosen source leg pays in the bridged asset, and the answer is the destination ' +
    'side as if that much crossed (`dstTrade`, `dstTradeList`, `toTokenAmount`, `nativeFee`). Exact output: ' +
    '`stableAmount` is what the chosen destination leg needs, and the answer is the source side that pays it ' +
    '(`srcTrade`, `srcTradeList`, `fromTokenAmount`). Then `POST quote/cross-data` prices the chosen legs ' +
    'together. The trade is checked as `quote/cross` checks it; 400 `INVALID_PARAMS` for a `tradeProtocol` this ' +
    'server does not mount, 422 `NO_ROUTE` when that provider cannot quote the trade (or not over `bridgeAsset`).',
  request: { params: ChainIdParamsSchema, query: CrossSelectQuerySchema },
  responses: {
    200: { description: 'The side', content: { 'application/json': { schema: CrossSelectSchema } } },
    ...errorResponses(400, 422, 429, 503),
  },
})

const crossDataRoute = createRoute({
  method: 'post',
  path: '/trade/v1/{chainId}/quote/cross-data',
  tags: ['Cross chain'],
  summary: 'The transaction data of an offer with the legs the client chose (the advanced flow)',
  description:
    'The offer of the posted `transactionData` again, over the same provider and bridged asset, with the source ' +
    'and destination swaps chosen from `srcTradeList` and `dstTradeList` (`srcQuoteTxData`, `dstQuoteTxData`: ' +
    "their `transactionData`; a side without one keeps the offer's path), priced exactly on the chains' pool " +
    'snapshots now. The answer is the new `transactionData` for `POST swap/cross`. Refusals: 400 ' +
    '`QUOTE_TAMPERED` (a `transactionData` not as issued, or issued to another API key), 400 `INVALID_PARAMS` ' +
    'naming a leg that is not a path of its side (pools this chain does not hold, a path that does not connect ' +
    'its tokens, or leads elsewhere than the side swaps), or a leg for a side the offer does not swap on, and ' +
    'what `quote/cross` refuses.',
  request: {
    params: ChainIdParamsSchema,
    body: { content: { 'application/json': { schema: CrossDataBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The transactionData to post to swap/cross',
      content: { 'application/json': { schema: CrossDataSchema } },
    },
    ...errorResponses(400, 422, 429, 503),
  },
})

const txRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/tx/{txHash}',
  tags: ['Cross chain'],
  summary: 'Cross-chain trade by origin-chain transaction hash',
  description:
    'Status vocabulary: `PENDING | INFLIGHT | DELIVERED | FAILED` (upper case); `dstTxHash` is set once ' +
    'DELIVERED (FAILED with `dstTxHash` when the network or an intent bridge refunded: the refund transaction). Extra query parameters (e.g. `timestamp`) ' +
    'are ignored. Only trades made through our contracts (and, on the liquidity network, deposits of the ' +
    'shape we build) are served: a hash no provider has seen (yet), or a transfer made around our contracts ' +
    '(a SpokePool deposit of its own), answers 404 `NOT_FOUND`, and a miss is remembered for 30 s.',
  request: { params: TxHashParamsSchema },
  responses: {
    200: { description: 'The trade', content: { 'application/json': { schema: CrossChainTxSchema } } },
    ...errorResponses(400, 404, 429),
  },
})

const retryRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/tx/{txHash}/retry',
  tags: ['Cross chain'],
  summary: 'The transaction that delivers a stuck cross-chain trade again',
  description:
    'For a trade `info/tx` reports INFLIGHT with `subStatus` `COMPOSE_FAILED`: the `EndpointV2.lzCompose` ' +
    'transaction of its queued compose, read from the destination chain now. Anyone may send it (the endpoint ' +
    'delivers only the queued message, once; the composer pays the receiver the message names). 404 `NOT_FOUND` ' +
    'when nothing of the trade waits to be retried (delivered, still in flight, unknown, or not ours).',
  request: { params: TxHashParamsSchema },
  responses: {
    200: {
      description: 'The retry transaction',
      content: { 'application/json': { schema: CrossRetrySchema } },
    },
    ...errorResponses(400, 404, 429),
  },
})

const inboundDescription =
  'Inbound vaults of the liquidity network (THORChain-style) per chain, matched by numeric chain id. Empty ' +
  'when no liquidity network is mounted.'

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
      ...errorResponses(429, 502, 503),
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
const shortThorchainInboundRoute = inboundRouteConfig(
  '/info/thorchain-inbound-address',
  'Alias of /info/provider-inbound-address (the short form of /trade/info/thorchain-inbound-address)',
)

const providersRouteConfig = <P extends string>(path: P, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Information'],
    summary,
    description:
      'The providers mounted on this server, with the chains each serves (an array, one element per provider). ' +
      '`/v1/info/cross-providers` and `/trade/v1/info/cross-providers` answer the same.',
    responses: {
      200: {
        description: 'Providers',
        content: {
          'application/json': {
            schema: z.array(
              ProviderInfoSchema.extend({
                id: z.string(),
                tradeProtocol: z.string(),
                flow: z.enum(['crossChain', 'utxo']),
                chainIds: z.array(z.number().int()),
              }).openapi('CrossProvider'),
            ),
          },
        },
      },
      ...errorResponses(429),
    },
  })

const providersRoute = providersRouteConfig('/v1/info/cross-providers', 'Cross-chain provider information')
const tradeProvidersRoute = providersRouteConfig(
  '/trade/v1/info/cross-providers',
  'Alias of /v1/info/cross-providers (the path clients and docs of the compatible API use)',
)

/** The trade parameters of a cross-chain query. */
const tradeParamsOf = (chainId: number, q: z.output<typeof CrossQuoteQuerySchema>): CrossTradeParams => ({
  sourceChainId: chainId,
  destinationChainId: q.destinationChainId,
  fromTokenAddress: q.fromTokenAddress,
  toTokenAddress: q.toTokenAddress,
  amount: q.amount,
  sender: q.sender,
  receiver: q.receiver,
  slippage: q.slippage,
  isExactOut: q.isExactOut,
  feePercentage: q.feePercentage,
  feeReceiver: q.feeReceiver,
  uuid: q.uuid,
})

/**
 * The cross-chain paths: quotes from every mounted provider (`quoteCross`), the transaction of the best one or
 * of a chosen one (`buildCrossSwapFromQuery/Body`), a trade's status by its origin hash (`getCrossTx`), the
 * providers, and the liquidity network's inbound vaults. With no provider mounted every well-formed trade
 * answers 422 `NO_ROUTE` with the compatible message.
 */
export function createCrossRoutes(services: CrossServices, logger: Logger) {
  // one per app: `info/tx` remembers the hashes nobody knows for a short time
  const txMisses = createRecentMisses({
    ttlMs: services.txMissTtlMs ?? TX_MISS_TTL_MS,
    maxEntries: TX_MISS_MAX_ENTRIES,
    now: services.now,
  })
  const inbound = async () =>
    ((await services.thorchain?.inboundAddresses()) ?? []).map((a) => ({
      chain: a.chainId,
      address: a.address,
      ...(a.router === undefined ? {} : { router: a.router }),
      halted: a.halted,
    }))
  const providers = () =>
    services.providers.map((p) => ({
      id: p.id,
      ...p.info,
      tradeProtocol: p.tradeProtocol,
      flow: p.flow,
      chainIds: [...p.chainIds],
    }))
  return createRouter()
    .openapi(quoteCrossRoute, async (c) => {
      const query = c.req.valid('query')
      const estimate = query.disableEstimate !== true && query.disableEstimateGas !== true
      const params = { ...tradeParamsOf(c.req.valid('param').chainId, query), estimate }
      if (acceptsEventStream(c.req.header('accept'))) {
        return respondEventStream(c, logger, await openCrossQuoteStream(services, params, c.get('auth')))
      }
      return c.json(await quoteCross(services, params, c.get('auth')), 200)
    })
    .openapi(swapCrossGetRoute, async (c) => {
      const query = c.req.valid('query')
      const answer = await buildCrossSwapFromQuery(
        services,
        { ...tradeParamsOf(c.req.valid('param').chainId, query), memoless: query.memoless },
        c.get('auth'),
      )
      return c.json(answer, 200)
    })
    .openapi(swapCrossPostRoute, async (c) => {
      const body = c.req.valid('json')
      return c.json(
        await buildCrossSwapFromBody(services, c.req.valid('param').chainId, body, c.get('auth')),
        200,
      )
    })
    .openapi(crossSelectRoute, async (c) => {
      const query = c.req.valid('query')
      const answer = await selectCrossQuote(services, {
        ...tradeParamsOf(c.req.valid('param').chainId, query),
        stableAmount: query.stableAmount,
        tradeProtocol: query.tradeProtocol,
        bridgeAsset: query.bridgeAsset,
      })
      return c.json(answer, 200)
    })
    .openapi(crossDataRoute, async (c) =>
      c.json(
        await buildCrossQuoteData(services, c.req.valid('param').chainId, c.req.valid('json'), c.get('auth')),
        200,
      ),
    )
    .openapi(txRoute, async (c) =>
      c.json(await getCrossTx(services, c.req.valid('param').txHash, txMisses), 200),
    )
    .openapi(retryRoute, async (c) => {
      const retry = await getCrossRetry(services, c.req.valid('param').txHash)
      return c.json(
        {
          chainId: retry.chainId,
          to: retry.to,
          data: retry.data,
          value: retry.value.toString(),
          gasLimit: retry.gas.toString(),
        },
        200,
      )
    })
    .openapi(providersRoute, (c) => c.json(providers(), 200))
    .openapi(tradeProvidersRoute, (c) => c.json(providers(), 200))
    .openapi(inboundRoute, async (c) => c.json(await inbound(), 200))
    .openapi(thorchainInboundRoute, async (c) => c.json(await inbound(), 200))
    .openapi(shortThorchainInboundRoute, async (c) => c.json(await inbound(), 200))
}
