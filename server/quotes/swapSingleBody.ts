import { z } from '@hono/zod-openapi'
import { evmAddressField as address, uint256Field } from '../openapi/schemas'
import { singleSwapLimits } from './singleSwapLimits'

const uint = (name: string) => uint256Field(name, { allowNumber: true })

/**
 * `transactionData.version` as clients send it back: the `"v1"` we answer, or what clients rewrite it to
 * (`1`, `"V1"`, `"v2"`). Every version builds the same Aggregator call, so the value is checked for shape only.
 */
const versionInput = z
  .union([z.number().int().min(1).max(99), z.string().regex(/^[vV]?\d{1,2}$/)], {
    error: 'transactionData.version must be a contract version such as "v1"',
  })
  .optional()
  .openapi({ description: 'Contract version as answered (`"v1"`); `1`, `"V1"` and `"v2"` are accepted too' })

/**
 * An optional address in a body: `null`, an empty string and the literal `undefined` (what clients serialize for
 * a value they do not have) mean absent; anything else must be an address.
 */
const optionalAddress = (name: string) =>
  z.preprocess(
    (value) => (value === null || value === '' || value === 'undefined' ? undefined : value),
    address(name).optional(),
  )

/**
 * Body of `POST swap/single` (compatible API): a quote's `transactionData` exactly as `quote/single` returns
 * it (fields this schema does not name are ignored) plus the account. Its input type accepts that object as
 * it is, so clients pass `quote.transactionData` without a cast.
 */
export const SwapSingleBodySchema = z
  .object({
    transactionData: z.object({
      info: z.object({
        srcToken: address('srcToken'),
        dstToken: address('dstToken'),
        amountIn: uint('amountIn').optional(),
        amountOutMin: uint('amountOutMin').optional(),
        amountOut: uint('amountOut').optional(),
        amountInMax: uint('amountInMax').optional(),
        deadline: z
          .number()
          .int()
          .positive()
          .openapi({
            description: `Unix seconds; not passed and at most ${singleSwapLimits.maxDeadlineSec} seconds ahead`,
          }),
        feeReceiver: address('feeReceiver').optional().nullable(),
        feePercent: z
          .number()
          .min(0)
          .max(singleSwapLimits.maxFeeFraction)
          .optional()
          .openapi({
            description: `Integrator fee, fraction of the output, 0..${singleSwapLimits.maxFeeFraction}`,
          }),
      }),
      call: z
        .array(z.object({ amount: uint('amount'), data: z.string().regex(/^0x[0-9a-fA-F]*$/) }))
        .max(8)
        .openapi({
          description: 'The legs of the route; empty for a wrap or unwrap (native against its wrapped token)',
        }),
      version: versionInput,
    }),
    nativeValue: uint('nativeValue').optional(),
    account: address('account'),
    receiver: optionalAddress('receiver'),
  })
  .openapi('SwapSingleBody')

export type SwapSingleBody = z.output<typeof SwapSingleBodySchema>
