/**
 * True when some chain advertises a working cross-chain flow (`flows.crossChain`); only then may the user pick
 * a destination chain apart from the source. The server derives flows from what is mounted.
 */
export function hasCrossChainFlow(chains: readonly { flows: { crossChain: boolean } }[]): boolean {
  return chains.some((chain) => chain.flows.crossChain)
}
