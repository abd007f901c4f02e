import * as z from 'zod/mini'

/** What a UTXO wallet must pay for a liquidity-network deposit. */
export interface DepositRequest {
  /** The network's inbound address. */
  address: string
  /** Base units (satoshis). */
  amount: bigint
  decimals: number
  /** Goes in an OP_RETURN output; the network refunds a deposit without it. Empty for a memoless deposit. */
  memo: string
  /**
   * Set for a deposit paid without a memo: the amount's last digits are `reference`, registered for `memo`, which
   * the network reads the payment as.
   */
  memoless?: { reference: string; memo: string }
}

const transferSchema = z.object({
  method: z.literal('transfer'),
  params: z
    .array(
      z.object({
        recipient: z.string().check(z.minLength(1)),
        amount: z.object({ amount: z.string().check(z.regex(/^\d+$/)), decimals: z.int() }),
        memo: z.string(),
      }),
    )
    .check(z.minLength(1)),
  memoless: z.optional(
    z.object({ reference: z.string().check(z.regex(/^\d{1,19}$/)), memo: z.string().check(z.minLength(1)) }),
  ),
})

/**
 * The deposit in a `swap/cross` answer for a UTXO source (`data: { method: "transfer", params: [{ recipient,
 * amount: { amount, decimals }, memo }] }`, the shape browser Bitcoin wallets take; `memoless: { reference,
 * memo }` beside for a deposit paid without a memo), or undefined for an EVM transaction or anything else. Pure.
 */
export function getDepositRequest(swap: { data?: unknown }): DepositRequest | undefined {
  const parsed = transferSchema.safeParse(swap.data)
  const transfer = parsed.success ? parsed.data.params[0] : undefined
  if (transfer === undefined) return undefined
  return {
    address: transfer.recipient,
    amount: BigInt(transfer.amount.amount),
    decimals: transfer.amount.decimals,
    memo: transfer.memo,
    ...(parsed.success && parsed.data.memoless !== undefined
      ? { memoless: { reference: parsed.data.memoless.reference, memo: parsed.data.memoless.memo } }
      : {}),
  }
}
