import { getChainInfo } from '../../chains/chainInfo'

/**
 * True when the liquidity network carries a trade from `sourceChainId` to `destinationChainId`: both among
 * `chainIds`, two chains, and not both EVM chains (those are the bridges'). Pure.
 */
export function servesThorchainPair(
  chainIds: readonly number[],
  sourceChainId: number,
  destinationChainId: number,
): boolean {
  return (
    chainIds.includes(sourceChainId) &&
    chainIds.includes(destinationChainId) &&
    sourceChainId !== destinationChainId &&
    (getChainInfo(sourceChainId)?.family !== 'evm' || getChainInfo(destinationChainId)?.family !== 'evm')
  )
}
