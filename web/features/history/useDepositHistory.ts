import { useSyncExternalStore } from 'react'
import { getSafeLocalStorage } from '../../lib/storage'
import { getDepositHistoryStore } from './depositHistoryStore'
import type { DepositRecord } from './depositRecord'

const empty: DepositRecord[] = []

/** This browser's deposit trades (newest first) and a function to record or update one. */
export function useDepositHistory() {
  const store = getDepositHistoryStore(getSafeLocalStorage())
  const records = useSyncExternalStore(store.subscribe, store.read, () => empty)
  return { records, upsert: store.upsert }
}
