import type { SafeStorage } from '../../lib/storage'
import { parseSwapRecords, type SwapRecord, upsertSwapRecord } from './swapRecord'

export interface SwapHistoryStore {
  read(account: string): SwapRecord[]
  upsert(account: string, record: Partial<SwapRecord> & Pick<SwapRecord, 'chainId' | 'hash'>): void
  subscribe(listener: () => void): () => void
}

/**
 * Per-account swap history in `storage` (key `tributary.history.<lowercase address>`), with change listeners so
 * every view of it re-renders when a swap is recorded or resolved. `read` returns the same array until the
 * account's history changes (as `useSyncExternalStore` requires).
 */
export function createSwapHistoryStore(storage: SafeStorage): SwapHistoryStore {
  const listeners = new Set<() => void>()
  const cache = new Map<string, { json: string | null; records: SwapRecord[] }>()
  const keyOf = (account: string) => `tributary.history.${account.toLowerCase()}`
  const read = (account: string) => {
    const json = storage.getItem(keyOf(account))
    const cached = cache.get(account)
    if (cached !== undefined && cached.json === json) return cached.records
    const records = parseSwapRecords(json)
    cache.set(account, { json, records })
    return records
  }
  return {
    read,
    upsert(account, record) {
      const next = upsertSwapRecord({ records: read(account), record })
      storage.setItem(keyOf(account), JSON.stringify(next))
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

let singleton: SwapHistoryStore | undefined

/** The page's history store over `storage`, created on first use. */
export function getSwapHistoryStore(storage: SafeStorage): SwapHistoryStore {
  singleton ??= createSwapHistoryStore(storage)
  return singleton
}
