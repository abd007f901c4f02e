import type { ChainSelection } from './ChainSelection'
import { hasCrossChainFlow } from './hasCrossChainFlow'
import { selectChain } from './selectChain'

/**
 * The selection the page opens with: the source is the deep link's chain when listed, else the stored one when
 * listed, else the first chain; the destination is the link's `toChain` when a cross-chain flow allows
 * it (see `selectChain`), else the source. Returns undefined for an empty chain list.
 */
export function getInitialChainSelection(params: {
  chains: readonly { chainId: number; family: string; flows: { crossChain: boolean; utxo: boolean } }[]
  linkedChainId: number | undefined
  linkedToChainId: number | undefined
  storedChainId: number | undefined
}): ChainSelection | undefined {
  const { chains, linkedChainId, linkedToChainId, storedChainId } = params
  const listed = (id: number | undefined) => chains.find((c) => c.chainId === id)?.chainId
  const sourceChainId = listed(linkedChainId) ?? listed(storedChainId) ?? chains[0]?.chainId
  if (sourceChainId === undefined) return undefined
  const selection = { sourceChainId, destinationChainId: sourceChainId }
  return linkedToChainId === undefined || !hasCrossChainFlow(chains)
    ? selection
    : selectChain({ selection, side: 'destination', chainId: linkedToChainId, chains })
}
