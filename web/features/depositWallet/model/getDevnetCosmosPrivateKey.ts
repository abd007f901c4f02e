import { hexToBytes, isHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import type { SafeStorage } from '../../../lib/storage'

export const devnetCosmosKeyStorageKey = 'tributary.devnetCosmosWallet.privateKey'

/**
 * The devnet Cosmos wallet's secp256k1 private key from `storage`, generated and stored when none or an
 * invalid one is there. Devnet only: the key sits in the page's storage in clear text.
 */
export function getDevnetCosmosPrivateKey(storage: SafeStorage): Uint8Array {
  const stored = storage.getItem(devnetCosmosKeyStorageKey)
  if (stored !== null && isHex(stored) && stored.length === 66) return hexToBytes(stored)
  const privateKey = generatePrivateKey()
  storage.setItem(devnetCosmosKeyStorageKey, privateKey)
  return hexToBytes(privateKey)
}
