/**
 * Who pays on the source chain: the connected account on an EVM source; from a UTXO or Cosmos chain, the refund
 * address typed (trimmed), else the built-in devnet wallet's; undefined when none.
 */
export function getCrossSender(params: {
  sourceEvm: boolean
  account: string | undefined
  typedRefund: string
  devnetAddress: string | undefined
}): string | undefined {
  if (params.sourceEvm) return params.account
  const typed = params.typedRefund.trim()
  return typed !== '' ? typed : params.devnetAddress
}
