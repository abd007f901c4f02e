/**
 * The least an offer delivers (base units of the destination token): `transactionData.params.minQuote`, the
 * provider's guarantee after slippage. An answer without it falls back to the quoted output (exact-output
 * offers deliver exactly that).
 */
export function getCrossMinimumReceived(offer: {
  dstTrade: { toTokenAmount: string }
  transactionData: Record<string, unknown>
}): bigint {
  const params = offer.transactionData.params
  const minQuote =
    typeof params === 'object' && params !== null && 'minQuote' in params ? params.minQuote : undefined
  return typeof minQuote === 'string' && /^\d+$/.test(minQuote)
    ? BigInt(minQuote)
    : BigInt(offer.dstTrade.toTokenAmount)
}
