import type { Web3IconSource } from './loadWeb3Icon'
import { majorTokenIcons } from './majorTokenIcons'

/**
 * The @web3icons logo of a major token by symbol (case-insensitive), bundled or loaded on first use
 * (`Web3IconView`); undefined for the rest.
 */
export function getMajorTokenIcon(symbol: string): Web3IconSource | undefined {
  const key = symbol.toUpperCase()
  return Object.hasOwn(majorTokenIcons, key) ? majorTokenIcons[key] : undefined
}
