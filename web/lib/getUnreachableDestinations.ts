import { hasCrossFlowBetween } from './hasCrossChainFlow'

interface ReachableChain {
  chainId: number
  name: string
  family: string
  flows: { crossChain: boolean; utxo: boolean }
}

/**
 * The destinations a trade from `source` cannot reach, each with the reason the To picker shows: the source
 * itself when it has no single-chain swaps (a UTXO or Cosmos chain), any other chain without a flow that serves
 * the pair (`hasCrossFlowBetween`: a bridge between EVM chains, the liquidity network otherwise).
 */
export function getUnreachableDestinations(params: {
  source: ReachableChain
  chains: readonly ReachableChain[]
}): ReadonlyMap<number, string> {
  const { source, chains } = params
  const unreachable = new Map<number, string>()
  for (const chain of chains) {
    if (chain.chainId === source.chainId) {
      if (source.family !== 'evm') unreachable.set(chain.chainId, `no swaps within ${source.name}`)
    } else if (!hasCrossFlowBetween(source, chain))
      unreachable.set(chain.chainId, `no route from ${source.name}`)
  }
  return unreachable
}
