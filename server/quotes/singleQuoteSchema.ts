import { z } from '@hono/zod-openapi'
import { AddressSchema, AmountSchema } from '../openapi/schemas'
import { poolKindIds } from '../poolKinds/poolKinds'
import { CONTRACT_VERSION } from './contractVersion'
import { singleSwapLimits } from './singleSwapLimits'

/** A token as quotes name it (`tokenFrom`, `tokenTo`). */
export const QuoteTokenSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int(),
    contractAddress: AddressSchema.openapi({ description: 'The zero address for the native currency' }),
    chainId: z.number().int(),
    priceInUsd: z.number().nullable(),
    buyTax: z
      .number()
      .openapi({ description: 'Transfer tax in percent (already deducted from the amounts)' }),
    sellTax: z
      .number()
      .openapi({ description: 'Transfer tax in percent (already deducted from the amounts)' }),
    logo: z.string(),
  })
  .openapi('QuoteToken')

/** One `protocol` entry of a quote: a path's exchanges, tokens, pools and share. */
export const QuoteProtocolSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  route: z.array(AddressSchema),
  pools: z.array(
    z.object({
      address: AddressSchema,
      exchangeId: z.string(),
      kind: z.enum(poolKindIds).openapi({ description: 'Pool kind: how the pool prices a swap' }),
      fee: z.number().openapi({ description: 'LP fee in millionths (3000 = 0.3%)' }),
    }),
  ),
  percentage: z.number(),
  amountIn: AmountSchema,
  amountOut: AmountSchema,
})

/** `transactionData` of a quote: what `POST swap/single` takes back. */
const TransactionDataSchema = z.object({
  info: z.object({
    srcToken: AddressSchema,
    dstToken: AddressSchema,
    amountIn: AmountSchema.optional(),
    amountOutMin: AmountSchema.optional(),
    amountOut: AmountSchema.optional(),
    amountInMax: AmountSchema.optional(),
    actualQuote: AmountSchema,
    deadline: z.number().int(),
    slippage: z.number().openapi({ description: 'Fraction' }),
    path: z.array(AddressSchema),
    feeReceiver: AddressSchema,
    feePercent: z.number().openapi({ description: 'Fraction' }),
    uuid: z.string().optional(),
    requestId: z.string(),
  }),
  call: z.array(
    z.object({
      targetExchange: z.string(),
      targetExchangeID: z.string().optional(),
      sellToken: AddressSchema.optional(),
      buyToken: AddressSchema.optional(),
      amount: AmountSchema,
      amountDelta: AmountSchema.optional(),
      data: z.string(),
    }),
  ),
  version: z.literal(CONTRACT_VERSION).openapi({
    description: 'Contract version, a string key into an address map (the Aggregator is `v1`)',
  }),
  amountInBeforeFee: AmountSchema.optional().openapi({
    description: '`isGasless=true`: what the user signs over (`amount`), source token base units',
  }),
  amountInAfterFee: AmountSchema.optional().openapi({
    description: '`isGasless=true`: `amountInBeforeFee - fee`, what is swapped (`info.amountIn`)',
  }),
  fee: AmountSchema.optional().openapi({
    description: "`isGasless=true`: the relayer's fee, source token base units",
  }),
  receiver: AddressSchema.optional().openapi({
    description: '`isGasless=true`: who gets the output (`receiver`, else `sender`), when either was given',
  }),
})

/** One quote of `quote/single` (and of `batch_quote/single`, and `quote` of `GET swap/single`). */
export const SingleQuoteSchema = z
  .object({
    isBest: z.boolean(),
    exchangeId: z.string(),
    fromTokenAmount: AmountSchema,
    toTokenAmount: AmountSchema,
    toTokenAmountWithoutFee: AmountSchema,
    deltaAmount: AmountSchema,
    fee: AmountSchema.openapi({ description: 'Integrator fee in output base units' }),
    tokenFrom: QuoteTokenSchema,
    tokenTo: QuoteTokenSchema,
    tradeType: z.number().int().openapi({ description: '0 exact input, 1 exact output' }),
    protocol: z.array(QuoteProtocolSchema),
    transactionData: TransactionDataSchema,
    to: AddressSchema,
    nativeValue: AmountSchema,
    gasPrice: AmountSchema,
    gasUnits: AmountSchema,
    gasCostWei: AmountSchema,
    gasCostUsd: z.number().nullable(),
    amountInUsd: z.number().nullable(),
    amountOutUsd: z.number().nullable(),
    slippage: z.number().openapi({ description: 'Percent' }),
    recommendedSlippage: z.number().openapi({
      description:
        'Percent: 0.1 for two stablecoins, 0.5 for majors, 1 with a long-tail token, plus a tenth of the price ' +
        'impact (at most 2). Transfer taxes are not added: amounts are already net of them.',
    }),
    slippageWarning: z
      .string()
      .nullable()
      .openapi({
        description: `Set when the slippage is above ${singleSwapLimits.slippageWarningAbove * 100}%`,
      }),
    priceImpact: z.number().openapi({
      description:
        'Percent: 1 - (output value / input value), both at ONE reference mid price for the request (the ' +
        "tokens' on-chain USD prices, read through their deepest pools; else the best route's pool prices), so " +
        'the best quote never shows more impact than a worse one. LP fees are part of it (and shown apart in ' +
        '`lpFeePercent`); transfer taxes and the integrator fee are not. Negative when the route beats the reference.',
    }),
    lpFeePercent: z
      .number()
      .openapi({ description: "The route's LP fees, percent of the output before them" }),
    lpFeeAmount: AmountSchema.openapi({ description: "The route's LP fees in output base units" }),
    contractVersion: z.literal(CONTRACT_VERSION).openapi({
      description:
        'Contract version, a string key into an address map (see /trade/v1/info/contract-addresses)',
    }),
    quoteDeadline: z.number().int(),
    blockNumber: z
      .string()
      .regex(/^\d+$/)
      .openapi({ description: 'The block whose pool state priced this quote', example: '19000000' }),
    data: z.string().optional(),
    estimateGas: z.string().optional(),
    estimateGasError: z.string().optional(),
    insufficientAllowance: z.boolean().optional(),
    insufficientFunds: z.boolean().optional(),
    allowance: AmountSchema.optional(),
    balance: AmountSchema.optional(),
    gasless: z
      .object({
        settlement: AddressSchema,
        permit2: AddressSchema.openapi({ description: 'Approve the source token to it (once)' }),
        gasUnits: AmountSchema.openapi({ description: "The settlement's gas budget the fee is priced on" }),
        gasPrice: AmountSchema,
      })
      .optional()
      .openapi({ description: '`isGasless=true` only' }),
  })
  .openapi('SingleQuote', {
    description:
      'One route. Fields follow the compatible API plus exchangeId, isBest, amountInUsd, amountOutUsd, gasUnits, ' +
      'gasCostWei, gasCostUsd, lpFeePercent, lpFeeAmount, slippageWarning. deltaAmount is the minimum output ' +
      '(exact input) or the maximum input (exact output) after slippage.',
  })
