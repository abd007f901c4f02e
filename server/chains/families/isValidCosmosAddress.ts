import { bech32 } from '@scure/base'
import type { CosmosChainInfo } from '../chainInfo'

/**
 * True when `address` is a bech32 account address with the chain's prefix (`cosmos1...`): checksum
 * verified, a 20-byte (key) or 32-byte (module/contract) payload, one letter case.
 */
export function isValidCosmosAddress(chain: Pick<CosmosChainInfo, 'bech32Prefix'>, address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  try {
    const { prefix, words } = bech32.decode(address.toLowerCase() as `${string}1${string}`)
    const bytes = bech32.fromWords(words)
    return prefix === chain.bech32Prefix && (bytes.length === 20 || bytes.length === 32)
  } catch {
    return false
  }
}
