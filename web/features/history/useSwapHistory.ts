import { useCallback, useSyncExternalStore } from 'react'
import { getSafeLocalStorage } from '../../lib/storage'
import { getSwapHistoryStore } from './swapHistoryStore'
import type { SwapRecord } from './swapRecord'

const empty: SwapRecord[] = []

/** The account's recorded swaps (newest first) and a function to record or update one. */
export function useSwapHistory(account: string | undefined) {
  const store = getSwapHistoryStore(getSafeLocalStorage())
  const records = useSyncExternalStore(
    store.subscribe,
    () => (account === undefined ? empty : store.read(account)),
    () => empty,
  )
  const upsert = useCallback(
    (record: Partial<SwapRecord> & Pick<SwapRecord, 'chainId' | 'hash'>) => {
      if (account !== undefined) store.upsert(account, record)
    },
    [account, store],
  )
  return { records, upsert }
}
