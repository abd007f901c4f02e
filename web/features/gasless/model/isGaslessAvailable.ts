/**
 * Whether the swap card offers a gasless order: the chain runs our relayer (its record flags `gasless`), both
 * tokens are chosen, the input is a token (the relayer's fee is taken from it, so never the native coin) and
 * the amount is the one paid (an order signs its exact input).
 */
export function isGaslessAvailable(params: {
  chain: { flows?: { gasless?: boolean } }
  from: { isNative: boolean } | undefined
  to: { isNative: boolean } | undefined
  side: 'in' | 'out'
}): boolean {
  const { chain, from, to, side } = params
  return (
    chain.flows?.gasless === true && from !== undefined && to !== undefined && !from.isNative && side === 'in'
  )
}
