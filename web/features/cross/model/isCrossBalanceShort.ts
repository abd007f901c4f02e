import { parseCrossAmount } from './parseCrossAmount'

/**
 * Whether the source balance cannot pay the trade, known before any click: for exact input the amount typed
 * (at once, before an offer answers, and even when none can: no liquidity for that much), for exact output the
 * input the chosen offer asks. False while the balance or the amount is unknown.
 */
export function isCrossBalanceShort(params: {
  side: 'in' | 'out'
  amountText: string
  fromDecimals: number
  /** The chosen offer's input in base units, if there is one. */
  offerAmountIn: string | undefined
  balance: bigint | undefined
}): boolean {
  if (params.balance === undefined) return false
  const amountIn =
    params.side === 'in'
      ? parseCrossAmount(params.amountText, params.fromDecimals)
      : params.offerAmountIn === undefined
        ? undefined
        : BigInt(params.offerAmountIn)
  return amountIn !== undefined && amountIn > params.balance
}
