import type { ChainSelection } from './ChainSelection'
import { hasCrossChainFlow } from './hasCrossChainFlow'

interface SelectableChain {
  chainId: number
  flows: { crossChain: boolean }
}

/**
 * The selection after the user picks `chainId` as the `side` chain. An id not in `chains` changes nothing.
 * Without any cross-chain flow the destination always equals the source (single-chain swap), whichever side
 * was picked; with one, a destination is kept only where both chains offer the cross-chain flow and otherwise
 * follows the source.
 */
export function selectChain(params: {
  selection: ChainSelection
  side: 'source' | 'destination'
  chainId: number
  chains: readonly SelectableChain[]
}): ChainSelection {
  const { selection, side, chainId, chains } = params
  const chain = chains.find((c) => c.chainId === chainId)
  if (chain === undefined) return selection
  if (!hasCrossChainFlow(chains)) return { sourceChainId: chainId, destinationChainId: chainId }
  const crossChain = (id: number) => chains.some((c) => c.chainId === id && c.flows.crossChain)
  if (side === 'source') {
    const keep =
      selection.destinationChainId !== selection.sourceChainId &&
      selection.destinationChainId !== chainId &&
      crossChain(chainId) &&
      crossChain(selection.destinationChainId)
    return { sourceChainId: chainId, destinationChainId: keep ? selection.destinationChainId : chainId }
  }
  const canBridge =
    chainId === selection.sourceChainId || (crossChain(chainId) && crossChain(selection.sourceChainId))
  return canBridge ? { ...selection, destinationChainId: chainId } : selection
}
