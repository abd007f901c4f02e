import type { ChainSelection } from './ChainSelection'
import { hasCrossChainFlow, hasCrossFlowBetween } from './hasCrossChainFlow'

interface SelectableChain {
  chainId: number
  family: string
  flows: { crossChain: boolean; utxo: boolean }
}

/**
 * The selection after the user picks `chainId` as the `side` chain. An id not in `chains` changes nothing.
 * Without any flow between chains the destination always equals the source (single-chain swap), whichever side
 * was picked. With one, a destination is kept only where a flow serves the pair (`hasCrossFlowBetween`); a new
 * EVM source otherwise trades on its own chain, and a UTXO or Cosmos source (no single-chain swaps) goes to the
 * previous source when served, else to the first chain served.
 */
export function selectChain(params: {
  selection: ChainSelection
  side: 'source' | 'destination'
  chainId: number
  chains: readonly SelectableChain[]
}): ChainSelection {
  const { selection, side, chainId, chains } = params
  const find = (id: number) => chains.find((c) => c.chainId === id)
  const chain = find(chainId)
  if (chain === undefined) return selection
  if (!hasCrossChainFlow(chains)) return { sourceChainId: chainId, destinationChainId: chainId }
  const served = (a: number, b: number) => {
    const [from, to] = [find(a), find(b)]
    return from !== undefined && to !== undefined && hasCrossFlowBetween(from, to)
  }
  if (side === 'source') {
    const crossing = selection.destinationChainId !== selection.sourceChainId
    if (crossing && selection.destinationChainId !== chainId && served(chainId, selection.destinationChainId))
      return { sourceChainId: chainId, destinationChainId: selection.destinationChainId }
    if (chain.family === 'evm') return { sourceChainId: chainId, destinationChainId: chainId }
    const next = [selection.sourceChainId, ...chains.map((c) => c.chainId)].find((id) => served(chainId, id))
    return { sourceChainId: chainId, destinationChainId: next ?? chainId }
  }
  const source = find(selection.sourceChainId)
  const allowed =
    chainId === selection.sourceChainId ? source?.family === 'evm' : served(selection.sourceChainId, chainId)
  return allowed ? { ...selection, destinationChainId: chainId } : selection
}
