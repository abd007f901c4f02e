import { z } from '@hono/zod-openapi'
import { evmAddressField as address, optionalQueryParam, uint256Field } from '../openapi/schemas'
import { singleSwapLimits } from './singleSwapLimits'

/** An optional `true`/`false` query parameter. */
export const booleanString = (name: string) =>
  optionalQueryParam(
    z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true'),
  )

/**
 * A fraction as a plain decimal with a leading digit (`0.005`, `1`); `.5` and `5.` are refused because
 * clients send them meaning both 0.5% and 50%.
 */
const fraction = (name: string, max: number) =>
  optionalQueryParam(
    z
      .string()
      .regex(/^(0|[1-9]\d*)(\.\d+)?$/, `${name} must be a fraction, e.g. 0.005 for 0.5%`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(0, `${name} must be a fraction between 0 and ${max}`)
          .max(max, `${name} must be a fraction between 0 and ${max}`),
      ),
  )

/** A `deadline` above this is milliseconds: 10^12 seconds is in the year 33658, 10^12 ms in 2001. */
const MILLISECONDS_ABOVE = 1e12

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
 * compatible API; `disableEstimate` and `disableEstimateGas` are aliases. Parameters it does not name (e.g. the
 * `timestamp`, `version` and `generateTransactionData` some clients add) are ignored.
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
    sender: optionalQueryParam(address('sender')).openapi({ type: 'string' }),
    receiver: optionalQueryParam(address('receiver')).openapi({
      type: 'string',
      description:
        'Who gets the output (default: sender). Refused (400): the zero address, the Aggregator, a token ' +
        "contract or a pool of this chain's snapshot",
    }),
    slippage: fraction('slippage', singleSwapLimits.maxSlippage).openapi({
      type: 'string',
      example: '0.005',
      description:
        `Fraction, e.g. 0.005 for 0.5% (default ${singleSwapLimits.defaultSlippage}); at most ` +
        `${singleSwapLimits.maxSlippage}. Above ${singleSwapLimits.slippageWarningAbove} quotes carry a ` +
        '`slippageWarning`. Empty or `undefined` means the default; `.5` and `5.` are refused as ambiguous.',
    }),
    deadline: optionalQueryParam(
      z
        .string()
        .regex(/^\d{1,16}$/, 'deadline must be unix seconds')
        .transform(Number)
        .transform((value) => (value > MILLISECONDS_ABOVE ? Math.floor(value / 1000) : value)),
    ).openapi({
      type: 'string',
      description:
        `Unix seconds; default now + 20 minutes, at most now + ${singleSwapLimits.maxDeadlineSec / 60} minutes. ` +
        'A value above 10^12 is read as milliseconds (some clients send Date.now() based deadlines).',
    }),
    excludedDexes: optionalQueryParam(excludedDexes).openapi({
      type: 'string',
      example: '{"1":["sushiswap"]}',
    }),
    feePercentage: fraction('feePercentage', singleSwapLimits.maxFeeFraction).openapi({
      type: 'string',
      description: `Integrator fee, fraction of the output, 0..${singleSwapLimits.maxFeeFraction}`,
    }),
    feeReceiver: optionalQueryParam(address('feeReceiver')).openapi({
      type: 'string',
      description: 'Required with a fee; refused like `receiver` when it would burn the fee or feed a pool',
    }),
    disableEstimate: booleanString('disableEstimate').openapi({ type: 'string' }),
    disableEstimateGas: booleanString('disableEstimateGas').openapi({ type: 'string' }),
    isSplit: booleanString('isSplit').openapi({ type: 'string' }),
    isExactOut: booleanString('isExactOut').openapi({ type: 'string' }),
    priceImpactProtectionPercentage: fraction('priceImpactProtectionPercentage', 1).openapi({
      type: 'string',
      description:
        "Reject the request (422 PRICE_IMPACT_TOO_HIGH) when the best quote's price impact (see `priceImpact`) " +
        'exceeds this fraction',
    }),
    uuid: optionalQueryParam(z.string().max(64)).openapi({ type: 'string' }),
    dex: optionalQueryParam(z.string().max(64)).openapi({
      type: 'string',
      description: 'swap/single: build the best route of this exchange only',
    }),
  })
  .openapi('SingleQuoteQuery')

export type SingleQuoteQuery = z.output<typeof SingleQuoteQuerySchema>
