import { type Hex, isHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import type { SafeStorage } from '../../lib/storage'

export const devnetPrivateKeyStorageKey = 'tributary.devnetWallet.privateKey'

/**
 * Returns the devnet wallet's private key from `storage`, generating and storing a fresh one when none (or an
 * invalid one) is stored; `created` tells the caller to fund the new account. Devnet only: the key sits in
 * localStorage in clear text.
 */
export function getDevnetPrivateKey(storage: SafeStorage): { privateKey: Hex; created: boolean } {
  const stored = storage.getItem(devnetPrivateKeyStorageKey)
  if (stored !== null && isHex(stored) && stored.length === 66) return { privateKey: stored, created: false }
  const privateKey = generatePrivateKey()
  storage.setItem(devnetPrivateKeyStorageKey, privateKey)
  return { privateKey, created: true }
}
