import type { DepositRecord } from './depositRecord'
import type { SwapRecord } from './swapRecord'

/** A history row: an account's recorded transaction, or a deposit trade. */
export type HistoryEntry = { kind: 'swap'; record: SwapRecord } | { kind: 'deposit'; record: DepositRecord }

/** The account's records and the browser's deposit trades in one list, newest first, at most `limit`. Pure. */
export function mergeHistory(params: {
  swaps: readonly SwapRecord[]
  deposits: readonly DepositRecord[]
  limit: number
}): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...params.swaps.map((record) => ({ kind: 'swap' as const, record })),
    ...params.deposits.map((record) => ({ kind: 'deposit' as const, record })),
  ]
  // a stable sort: records of the same millisecond keep their stored (newest first) order
  return entries.sort((a, b) => b.record.createdAtMs - a.record.createdAtMs).slice(0, params.limit)
}
