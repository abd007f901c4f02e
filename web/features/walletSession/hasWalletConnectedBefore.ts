import type { SafeStorage } from '../../lib/storage'
import { wagmiStorageKey } from './wagmiStorageKey'

/**
 * True when wagmi's persisted store says a wallet was connected when this browser last left the app (its
 * `current` connection is set; a disconnect clears it), so the wallet module should load at once to reconnect.
 * Unreadable or malformed storage counts as never connected.
 */
export function hasWalletConnectedBefore(storage: Pick<SafeStorage, 'getItem'>): boolean {
  const raw = storage.getItem(`${wagmiStorageKey}.store`)
  if (raw === null) return false
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null || !('state' in parsed)) return false
    const state: unknown = parsed.state
    if (typeof state !== 'object' || state === null || !('current' in state)) return false
    return typeof state.current === 'string' && state.current !== ''
  } catch (_error: unknown) {
    return false
  }
}
