import type { SafeStorage } from '../../lib/storage'
import { type DepositRecord, parseDepositRecords, upsertDepositRecord } from './depositRecord'

export interface DepositHistoryStore {
  read(): DepositRecord[]
  upsert(record: Partial<DepositRecord> & Pick<DepositRecord, 'id'>): void
  subscribe(listener: () => void): () => void
}

/** Where this browser keeps its deposit trades: one list for every wallet (a deposit has no EVM account). */
export const depositHistoryKey = 'tributary.deposits'

/**
 * This browser's deposit trades in `storage` (key `tributary.deposits`), with change listeners; `read` returns
 * the same array until the list changes (as `useSyncExternalStore` requires). With `storage` falling back to
 * memory (a cross-site iframe), the list lives as long as the page.
 */
export function createDepositHistoryStore(storage: SafeStorage): DepositHistoryStore {
  const listeners = new Set<() => void>()
  let cached: { json: string | null; records: DepositRecord[] } | undefined
  const read = () => {
    const json = storage.getItem(depositHistoryKey)
    if (cached !== undefined && cached.json === json) return cached.records
    cached = { json, records: parseDepositRecords(json) }
    return cached.records
  }
  return {
    read,
    upsert(record) {
      storage.setItem(depositHistoryKey, JSON.stringify(upsertDepositRecord({ records: read(), record })))
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

let singleton: DepositHistoryStore | undefined

/** The page's deposit history over `storage`, created on first use. */
export function getDepositHistoryStore(storage: SafeStorage): DepositHistoryStore {
  singleton ??= createDepositHistoryStore(storage)
  return singleton
}
