import type { AddressHistoryItem } from './api/fetchAddressHistory'
import type { DepositRecord } from './depositRecord'
import type { SwapRecord } from './swapRecord'

/** A history row: an account's recorded transaction, a deposit trade, or a trade only the server recorded. */
export type HistoryEntry =
  | { kind: 'swap'; record: SwapRecord }
  | { kind: 'deposit'; record: DepositRecord }
  | { kind: 'server'; record: AddressHistoryItem }

const timeOf = (entry: HistoryEntry) =>
  entry.kind === 'server' ? Date.parse(entry.record.createdAt) : entry.record.createdAtMs

/**
 * The account's records, the browser's deposit trades and the trades only the server recorded (`server`, see
 * `applyServerHistory`) in one list, newest first, at most `limit`. Pure.
 */
export function mergeHistory(params: {
  swaps: readonly SwapRecord[]
  deposits: readonly DepositRecord[]
  server?: readonly AddressHistoryItem[]
  limit: number
}): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...params.swaps.map((record) => ({ kind: 'swap' as const, record })),
    ...params.deposits.map((record) => ({ kind: 'deposit' as const, record })),
    ...(params.server ?? []).map((record) => ({ kind: 'server' as const, record })),
  ]
  // a stable sort: records of the same millisecond keep their stored (newest first) order
  return entries.sort((a, b) => timeOf(b) - timeOf(a)).slice(0, params.limit)
}
