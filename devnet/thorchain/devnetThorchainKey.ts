import { sha256 } from '@noble/hashes/sha2'

/**
 * A fixed devnet secp256k1 key for the THORChain account `name` (the memo registrar): derived from a phrase, so
 * the server and the network's genesis agree on it without sharing a file.
 */
export function devnetThorchainKey(name: string): Uint8Array {
  return sha256(new TextEncoder().encode(`tributary devnet THOR ${name}`))
}
