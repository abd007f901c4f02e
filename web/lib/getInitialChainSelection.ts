import type { ChainSelection } from './ChainSelection'
import { hasCrossChainFlow } from './hasCrossChainFlow'
import { selectChain } from './selectChain'

/**
 * The selection the page opens with: the source is the deep link's chain when listed, else the stored one when
 * listed, else the first chain; the destination is the link's `toChain`, or with no linked source the stored
 * destination (so opening `/history` or reloading keeps the pair), when a cross-chain flow allows it (see
 * `selectChain`), else the source. Returns undefined for an empty chain list.
 */
export function getInitialChainSelection(params: {
  chains: readonly { chainId: number; family: string; flows: { crossChain: boolean; utxo: boolean } }[]
  linkedChainId: number | undefined
  linkedToChainId: number | undefined
  storedChainId: number | undefined
  storedToChainId?: number | undefined
}): ChainSelection | undefined {
  const { chains, linkedChainId, linkedToChainId, storedChainId, storedToChainId } = params
  const listed = (id: number | undefined) => chains.find((c) => c.chainId === id)?.chainId
  const linkedSource = listed(linkedChainId)
  const sourceChainId = linkedSource ?? listed(storedChainId) ?? chains[0]?.chainId
  if (sourceChainId === undefined) return undefined
  const selection = { sourceChainId, destinationChainId: sourceChainId }
  // a link naming its source alone means that chain alone; the stored pair applies to a page opened without one
  const toChainId = linkedToChainId ?? (linkedSource === undefined ? storedToChainId : undefined)
  return toChainId === undefined || !hasCrossChainFlow(chains)
    ? selection
    : selectChain({ selection, side: 'destination', chainId: toChainId, chains })
}
