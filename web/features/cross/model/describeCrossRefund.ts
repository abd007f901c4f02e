import { formatTokenAmount } from '../../../lib/formatTokenAmount'

/** What came back to the sender of a refunded cross-chain trade. */
export interface CrossRefundView {
  /** Base units of the input token returned on the source chain. */
  amount: string
  /** The amount and token in words ("700 USDC"). */
  text: string
  /** The transaction that paid the refund, when `info/tx` names it (`dstTxHash` of a refunded trade). */
  txHash: string | undefined
}

/**
 * The refund of a cross-chain trade, from its `info/tx` answer: only for a trade FAILED with the `refunded`
 * detail (an intent deposit nobody filled), whose `amountReceived` is the input returned on the source chain in
 * the input token's base units; undefined for anything else, or while the amount is not known. `token` is the
 * token the trade paid with. Pure.
 */
export function describeCrossRefund(
  tx:
    | { status: string; refunded?: boolean; amountReceived: string | null; dstTxHash: string | null }
    | undefined,
  token: { symbol: string; decimals: number },
  locale?: string,
): CrossRefundView | undefined {
  if (tx === undefined || tx.status.toUpperCase() !== 'FAILED' || tx.refunded !== true) return undefined
  if (tx.amountReceived === null || !/^\d+$/.test(tx.amountReceived)) return undefined
  const amount = tx.amountReceived
  return {
    amount,
    text: `${formatTokenAmount({ amount: BigInt(amount), decimals: token.decimals, locale })} ${token.symbol}`,
    txHash: tx.dstTxHash ?? undefined,
  }
}
