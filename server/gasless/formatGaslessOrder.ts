import { z } from '@hono/zod-openapi'
import type { GaslessOrderRow, GaslessOrderStatus } from '../store/gaslessOrders'

export const GaslessOrderSchema = z
  .object({
    id: z.string(),
    address: z.string().openapi({ description: 'The owner (signer)' }),
    receiver: z.string(),
    chainFrom: z.number().int(),
    tokenFrom: z.string(),
    tokenTo: z.string(),
    amount: z.string().openapi({ description: 'amountIn, source token base units (fee included)' }),
    fee: z.string().openapi({ description: 'The signed fee, source token base units' }),
    amountOutMin: z.string(),
    amountOut: z.string().nullable().openapi({ description: "The receiver's output once completed" }),
    status: z.enum(['pending', 'processing', 'completed', 'cancelled', 'failed']).openapi({
      description:
        '`pending`: waiting for the relayer (`failureMsg` then says why an earlier attempt did not execute it ' +
        'yet); `processing`: the relayer is executing it; `completed`: filled on chain; `failed`: it will ' +
        'never be executed (`failureMsg` says why); `cancelled`: cancelled off chain, so our relayer never ' +
        'submits it. The signature itself stays valid on chain until the deadline (at most one hour after ' +
        "creation) unless the owner also spends its nonce with Permit2's `invalidateUnorderedNonces`.",
    }),
    createdAt: z.string(),
    deadLineAt: z.string(),
    canceledAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    failureMsg: z
      .string()
      .nullable()
      .openapi({
        description:
          'Why the order failed; while pending or processing, why the last attempt did not execute it yet ' +
          '(it is tried again, later each time, until its deadline); null otherwise',
      }),
    txCompleted: z
      .string()
      .nullable()
      .openapi({ description: 'Hash of the settlement transaction once mined' }),
  })
  .openapi('GaslessOrder')

export type GaslessOrderResponse = z.output<typeof GaslessOrderSchema>

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * The API view of a stored order (the reference's field names). `failureMsg` is the reason of a failed order,
 * or of an open order's last postponement (so a client sees why it waits), never that of a completed or
 * cancelled one; `txCompleted` only once the order ended with its transaction mined.
 */
export function formatGaslessOrder(row: GaslessOrderRow): GaslessOrderResponse {
  const status = row.status as GaslessOrderStatus
  const ended = status === 'completed' || status === 'failed'
  return {
    id: row.id,
    address: row.owner,
    receiver: row.receiver,
    chainFrom: row.chainId,
    tokenFrom: row.srcToken,
    tokenTo: row.dstToken,
    amount: row.amountIn.toString(),
    fee: row.fee.toString(),
    amountOutMin: row.amountOutMin.toString(),
    amountOut: row.amountOut === null ? null : row.amountOut.toString(),
    status,
    createdAt: row.createdAt.toISOString(),
    deadLineAt: new Date(row.deadline * 1000).toISOString(),
    canceledAt: iso(row.canceledAt),
    completedAt: iso(row.completedAt),
    failedAt: iso(row.failedAt),
    failureMsg: status === 'completed' || status === 'cancelled' ? null : row.failureMsg,
    txCompleted: ended && row.txHash ? row.txHash : null,
  }
}
