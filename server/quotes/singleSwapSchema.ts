import { z } from '@hono/zod-openapi'
import { AddressSchema, AmountSchema } from '../openapi/schemas'
import { CONTRACT_VERSION } from './contractVersion'
import { SingleQuoteSchema } from './singleQuoteSchema'

/** Answer of `POST swap/single`: the transaction, the sender's checks and the integrator fee it pays. */
export const SingleSwapSchema = z
  .object({
    to: AddressSchema,
    data: z.string(),
    value: AmountSchema,
    nativeValue: AmountSchema,
    estimateGas: z.string().optional(),
    estimateGasError: z.string().optional(),
    insufficientFunds: z.boolean(),
    insufficientGas: z.boolean(),
    insufficientAllowance: z.boolean(),
    allowance: AmountSchema,
    balance: AmountSchema,
    gasPrice: AmountSchema,
    contractVersion: z.literal(CONTRACT_VERSION).openapi({
      description:
        'Contract version, a string key into an address map (see /trade/v1/info/contract-addresses)',
    }),
    receiver: AddressSchema,
    deltaAmount: AmountSchema.openapi({
      description: 'Minimum output (exact input) or maximum input (exact output)',
    }),
    deadline: z.number().int(),
    integratorFee: z.object({
      percent: z.number().openapi({ description: 'Percent of the output' }),
      receiver: AddressSchema.openapi({ description: 'The zero address without a fee' }),
      amount: AmountSchema.openapi({ description: 'Output base units, at a fresh quote of this trade' }),
    }),
  })
  .openapi('SwapTransaction')

/** Answer of `GET swap/single`: the transaction plus the quote it was built from. */
export const SingleSwapWithQuoteSchema = SingleSwapSchema.extend({
  quote: SingleQuoteSchema,
  amountOut: AmountSchema,
  quoteDeadline: z.number().int(),
}).openapi('SwapTransactionWithQuote')
