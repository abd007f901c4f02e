/**
 * Who receives on the destination chain: the address typed (trimmed), else the connected account on an EVM
 * destination, else the built-in devnet wallet of a devnet UTXO or Cosmos destination; undefined when none.
 */
export function getCrossReceiver(params: {
  typed: string
  destinationEvm: boolean
  account: string | undefined
  devnetAddress: string | undefined
}): string | undefined {
  const typed = params.typed.trim()
  if (typed !== '') return typed
  return params.destinationEvm ? params.account : params.devnetAddress
}
