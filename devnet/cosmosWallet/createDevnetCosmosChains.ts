import { getChainInfo } from '../../server/chains/chainInfo'
import type { LiquidityNetworkConfig } from '../../server/chains/liquidityNetworkConfig'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { createDevnetCosmosChain, type DevnetCosmosChain } from './createDevnetCosmosChain'

/**
 * The devnet wallet's access to every Cosmos chain the devnet's liquidity network runs (the devnet Cosmos Hub,
 * its RPC from the network's config). Devnet only: the faucet signs with the devnet's faucet key.
 */
export function createDevnetCosmosChains(config: LiquidityNetworkConfig): DevnetCosmosChain[] {
  return (config.cosmos ?? []).flatMap((node) => {
    const info = getChainInfo(node.chainId)
    if (info?.family !== 'cosmos') return []
    return [createDevnetCosmosChain({ spec: cosmosHubSpec(), info, rpcUrl: node.rpcUrl })]
  })
}
