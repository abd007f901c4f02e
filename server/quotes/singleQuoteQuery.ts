import { z } from '@hono/zod-openapi'
import { evmAddressField as address, uint256Field } from '../openapi/schemas'

const booleanString = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true')

const fraction = (name: string, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d*)?(\.\d+)?$/, `${name} must be a decimal number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, `${name} must be between 0 and ${max}`)
        .max(max, `${name} must be between 0 and ${max}`),
    )

/** `amount` as base units: a decimal integer string, 1 .. 2^256-1. */
export const AmountParam = uint256Field('amount', { min: 1n })

const excludedDexes = z.string().transform((raw, ctx): Record<string, string[]> => {
  try {
    const parsed: unknown = JSON.parse(raw)
    const shape = z.record(z.string().regex(/^-?\d+$/), z.array(z.string().min(1).max(64)))
    const result = shape.safeParse(parsed)
    if (result.success) return result.data
  } catch {
    // fall through to the issue below
  }
  ctx.addIssue({
    code: 'custom',
    message: 'excludedDexes must be JSON like {"<chainId>":["<dex id or factory address>"]}',
  })
  return z.NEVER
})

/**
 * Query of `quote/single`, `swap/single` (GET) and each item of `batch_quote/single`. Names follow the
 * compatible API; `disableEstimate` and `disableEstimateGas` are aliases.
 */
export const SingleQuoteQuerySchema = z
  .object({
    fromTokenAddress: address('fromTokenAddress').openapi({
      example: '0x0000000000000000000000000000000000000000',
    }),
    toTokenAddress: address('toTokenAddress').openapi({
      example: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    }),
    amount: AmountParam.openapi({
      type: 'string',
      example: '1000000000000000000',
      description: 'Base units of fromToken (exact input) or of toToken when isExactOut=true',
    }),
    sender: address('sender').optional(),
    receiver: address('receiver').optional(),
    slippage: fraction('slippage', 0.5)
      .optional()
      .openapi({ type: 'string', example: '0.005', description: 'Fraction, 0..0.5 (default 0.005)' }),
    deadline: z
      .string()
      .regex(/^\d{1,12}$/, 'deadline must be unix seconds')
      .transform(Number)
      .optional()
      .openapi({ type: 'string', description: 'Unix seconds; default now + 20 minutes' }),
    excludedDexes: excludedDexes.optional().openapi({ type: 'string', example: '{"1":["sushiswap"]}' }),
    feePercentage: fraction('feePercentage', 0.1)
      .optional()
      .openapi({ type: 'string', description: 'Integrator fee fraction of the output, 0..0.1' }),
    feeReceiver: address('feeReceiver').optional(),
    disableEstimate: booleanString('disableEstimate').optional().openapi({ type: 'string' }),
    disableEstimateGas: booleanString('disableEstimateGas').optional().openapi({ type: 'string' }),
    isSplit: booleanString('isSplit').optional().openapi({ type: 'string' }),
    isExactOut: booleanString('isExactOut').optional().openapi({ type: 'string' }),
    priceImpactProtectionPercentage: fraction('priceImpactProtectionPercentage', 1)
      .optional()
      .openapi({ type: 'string', description: 'Reject quotes whose price impact exceeds this fraction' }),
    uuid: z.string().max(64).optional(),
    dex: z
      .string()
      .max(64)
      .optional()
      .openapi({ description: 'swap/single: build the best route of this exchange only' }),
  })
  .openapi('SingleQuoteQuery')

export type SingleQuoteQuery = z.output<typeof SingleQuoteQuerySchema>
