import { hexToBytes, isHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import type { SafeStorage } from '../../../lib/storage'

export const devnetUtxoKeyStorageKey = 'tributary.devnetUtxoWallet.privateKey'

/**
 * The devnet UTXO wallet's private key (one key, an address per chain) from `storage`, generated and stored
 * when none or an invalid one is there. Devnet only: the key sits in the page's storage in clear text.
 */
export function getDevnetUtxoPrivateKey(storage: SafeStorage): Uint8Array {
  const stored = storage.getItem(devnetUtxoKeyStorageKey)
  if (stored !== null && isHex(stored) && stored.length === 66) return hexToBytes(stored)
  const privateKey = generatePrivateKey()
  storage.setItem(devnetUtxoKeyStorageKey, privateKey)
  return hexToBytes(privateKey)
}
