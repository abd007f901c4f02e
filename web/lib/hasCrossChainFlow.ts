/** The flows of a chain that carry trades to another chain. */
interface CrossFlows {
  flows: { crossChain: boolean; utxo: boolean }
}

/**
 * True when some chain advertises a working flow to another chain (`crossChain` bridges or the `utxo`
 * liquidity network); only then may the user pick a destination chain apart from the source. The server
 * derives flows from what is mounted.
 */
export function hasCrossChainFlow(chains: readonly CrossFlows[]): boolean {
  return chains.some((chain) => chain.flows.crossChain || chain.flows.utxo)
}

/**
 * True when a trade from `source` to `destination` (two different chains) has a working flow: the liquidity
 * network when either side is a UTXO or Cosmos chain (both sides served by it), a bridge between EVM chains.
 */
export function hasCrossFlowBetween(
  source: CrossFlows & { chainId: number; family: string },
  destination: CrossFlows & { chainId: number; family: string },
): boolean {
  if (source.chainId === destination.chainId) return false
  if (source.family !== 'evm' || destination.family !== 'evm')
    return source.flows.utxo && destination.flows.utxo
  return source.flows.crossChain && destination.flows.crossChain
}
