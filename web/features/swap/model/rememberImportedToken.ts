import type { TokenRecord } from '../../../lib/api'
import type { SafeStorage } from '../../../lib/storage'
import { importedTokensStorageKey } from './importedTokensStorageKey'
import { readImportedTokens } from './readImportedTokens'

/** The most imported tokens remembered per chain: past it the oldest is forgotten. */
export const maxImportedTokensPerChain = 50

/**
 * Remembers `token` as imported on its chain in `storage` (after the user confirmed the import) and returns the
 * chain's imported tokens, oldest first. A token already remembered moves to the end with its new record.
 */
export function rememberImportedToken(storage: SafeStorage, token: TokenRecord): TokenRecord[] {
  const others = readImportedTokens(storage, token.chainId).filter(
    (t) => t.address.toLowerCase() !== token.address.toLowerCase(),
  )
  const next = [...others, token].slice(-maxImportedTokensPerChain)
  storage.setItem(importedTokensStorageKey(token.chainId), JSON.stringify(next))
  return next
}
