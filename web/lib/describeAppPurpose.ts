import { hasCrossChainFlow } from './hasCrossChainFlow'

/**
 * The first view's one line on what the app does: swaps any token at the best rate across exchanges, and where
 * the server offers flows between chains, across chains, naming the non-EVM chains it reaches (to and from
 * Bitcoin...). Pure.
 */
export function describeAppPurpose(
  chains: readonly { name: string; family: string; flows: { crossChain: boolean; utxo: boolean } }[],
): string {
  const base = 'Swap any token at the best rate across decentralized exchanges'
  if (!hasCrossChainFlow(chains)) return `${base}.`
  const others = chains.filter((c) => c.family !== 'evm').map((c) => c.name)
  const list =
    others.length <= 1 ? others.join('') : `${others.slice(0, -1).join(', ')} and ${others.at(-1) ?? ''}`
  return others.length === 0
    ? `${base}, and across chains in one trade.`
    : `${base}, and across chains in one trade, to and from ${list}.`
}
