/**
 * The form's main button: connect first on an EVM source without a wallet (always enabled), ask for the refund
 * address of a UTXO or Cosmos source when none is known, say an insufficient balance, else "Review swap";
 * disabled while there is no offer, a deposit is being prepared, the balance is short or no sender is known.
 */
export function getCrossReviewAction(params: {
  sourceEvm: boolean
  isConnected: boolean
  hasOffer: boolean
  sending: boolean
  insufficient: boolean
  senderKnown: boolean
  sourceName: string
  fromSymbol: string
}): { label: string; disabled: boolean } {
  const { sourceEvm, senderKnown, insufficient } = params
  if (sourceEvm && !params.isConnected) return { label: 'Connect wallet to swap', disabled: false }
  const disabled = !params.hasOffer || params.sending || insufficient || (!sourceEvm && !senderKnown)
  if (!sourceEvm && !senderKnown) return { label: `Enter your ${params.sourceName} address`, disabled }
  if (insufficient) return { label: `Insufficient ${params.fromSymbol} balance`, disabled }
  return { label: 'Review swap', disabled }
}
