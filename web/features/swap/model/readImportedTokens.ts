import type { TokenRecord } from '../../../lib/api'
import type { SafeStorage } from '../../../lib/storage'
import { importedTokensStorageKey } from './importedTokensStorageKey'

/**
 * The tokens the user imported on `chainId`, oldest first, as remembered in `storage`. Entries that are not token
 * records of that chain (an older shape, a hand edit) are skipped; unreadable storage reads as none.
 */
export function readImportedTokens(storage: SafeStorage, chainId: number): TokenRecord[] {
  let value: unknown
  try {
    value = JSON.parse(storage.getItem(importedTokensStorageKey(chainId)) ?? '[]')
  } catch (_error: unknown) {
    return []
  }
  if (!Array.isArray(value)) return []
  return value.filter((entry: unknown): entry is TokenRecord => isTokenRecordOf(entry, chainId))
}

function isTokenRecordOf(entry: unknown, chainId: number): boolean {
  if (typeof entry !== 'object' || entry === null) return false
  const t = entry as Partial<Record<keyof TokenRecord, unknown>>
  return (
    t.chainId === chainId &&
    typeof t.address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(t.address) &&
    typeof t.symbol === 'string' &&
    typeof t.name === 'string' &&
    typeof t.decimals === 'number' &&
    typeof t.logo === 'string' &&
    Array.isArray(t.tags) &&
    typeof t.transferFeeBps === 'number'
  )
}
