import { getUnreachableDestinations } from './getUnreachableDestinations'

interface NamedChain {
  chainId: number
  name: string
  family: string
  flows: { crossChain: boolean; utxo: boolean }
}

/**
 * Why a deep link's destination (`?toChain=`) was not applied, in words for the page, or undefined when it was
 * (or none was linked): a network this server does not offer, or one the source cannot reach.
 */
export function describeDroppedDestination(params: {
  linkedToChainId: number | undefined
  destinationChainId: number
  source: NamedChain
  chains: readonly NamedChain[]
}): string | undefined {
  const { linkedToChainId, destinationChainId, source, chains } = params
  if (linkedToChainId === undefined || linkedToChainId === destinationChainId) return undefined
  const linked = chains.find((c) => c.chainId === linkedToChainId)
  if (linked === undefined) return `The link's destination network (${linkedToChainId}) is not offered here.`
  const reason = getUnreachableDestinations({ source, chains }).get(linkedToChainId)
  return reason === undefined
    ? undefined
    : `The link's destination, ${linked.name}, cannot be reached from ${source.name} (${reason}). Pick another network under To, or another source under From.`
}
