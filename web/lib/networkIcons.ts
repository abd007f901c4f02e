import NetworkEthereum from '@web3icons/react/icons/networks/NetworkEthereum'
import type { Web3IconSource } from './loadWeb3Icon'

/**
 * @web3icons' logos of the supported networks by chain id. Ethereum's, the first view's default, is bundled; the
 * others load when first drawn.
 */
export const networkIcons: Readonly<Record<number, Web3IconSource>> = {
  1: NetworkEthereum,
  10: { load: () => import('@web3icons/react/icons/networks/NetworkOptimism') },
  56: { load: () => import('@web3icons/react/icons/networks/NetworkBinanceSmartChain') },
  137: { load: () => import('@web3icons/react/icons/networks/NetworkPolygon') },
  250: { load: () => import('@web3icons/react/icons/networks/NetworkFantom') },
  8453: { load: () => import('@web3icons/react/icons/networks/NetworkBase') },
  42161: { load: () => import('@web3icons/react/icons/networks/NetworkArbitrumOne') },
  43114: { load: () => import('@web3icons/react/icons/networks/NetworkAvalanche') },
}
