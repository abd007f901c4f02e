import {
  NetworkArbitrumOne,
  NetworkAvalanche,
  NetworkBase,
  NetworkBinanceSmartChain,
  NetworkEthereum,
  NetworkFantom,
  NetworkOptimism,
  NetworkPolygon,
} from '@web3icons/react'

type Web3Icon = typeof NetworkEthereum

const icons: Record<number, Web3Icon> = {
  1: NetworkEthereum,
  10: NetworkOptimism,
  56: NetworkBinanceSmartChain,
  137: NetworkPolygon,
  250: NetworkFantom,
  8453: NetworkBase,
  42161: NetworkArbitrumOne,
  43114: NetworkAvalanche,
}

/** The @web3icons logo component of a supported network by chain id; undefined for other chains. */
export function getNetworkIcon(chainId: number): Web3Icon | undefined {
  return icons[chainId]
}
