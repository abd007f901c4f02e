import type { Web3IconSource } from './loadWeb3Icon'
import { networkIcons } from './networkIcons'

/** The @web3icons logo of a supported network by chain id, bundled or loaded on first use; undefined for others. */
export function getNetworkIcon(chainId: number): Web3IconSource | undefined {
  return Object.hasOwn(networkIcons, chainId) ? networkIcons[chainId] : undefined
}
