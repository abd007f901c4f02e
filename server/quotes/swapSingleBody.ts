import { z } from '@hono/zod-openapi'
import { evmAddressField as address, uint256Field } from '../openapi/schemas'
import { singleSwapLimits } from './singleSwapLimits'

const uint = (name: string) => uint256Field(name, { allowNumber: true })

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
    }),
    nativeValue: uint('nativeValue').optional(),
    account: address('account'),
    receiver: address('receiver').optional(),
  })
  .openapi('SwapSingleBody')

export type SwapSingleBody = z.output<typeof SwapSingleBodySchema>
