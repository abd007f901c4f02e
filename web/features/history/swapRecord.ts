import type { HexAddress } from '../../lib/api'

export type SwapRecordStatus = 'pending' | 'success' | 'failed'

/**
 * What a recorded transaction did: a swap (the default, also for records stored before kinds existed), an
 * approval, or the origin transaction of a cross-chain trade (followed through `info/tx`).
 */
export type SwapRecordKind = 'swap' | 'approve' | 'reset' | 'cross'

/**
 * One transaction the account sent from this browser, kept in local storage (amounts are base-unit strings):
 * a swap, or an approval (`approve` of `amountIn` of `from`, or its `reset` to 0) made for a swap.
 */
export interface SwapRecord {
  chainId: number
  hash: `0x${string}`
  kind?: SwapRecordKind
  /** Where a cross-chain trade's output arrives (`to` is a token of that chain). */
  toChainId?: number
  account: HexAddress
  from: { address: HexAddress; symbol: string; decimals: number }
  to: { address: HexAddress; symbol: string; decimals: number }
  amountIn: string
  /** Output the quote promised. */
  quotedOut: string
  status: SwapRecordStatus
  /** Output actually received, once known. */
  received?: string
  /**
   * A cross-chain trade refunded on its source chain (an intent deposit nobody filled): the base units of `from`
   * returned to the sender. The status is then `failed`; the history reads it as Refunded.
   */
  refunded?: string
  /**
   * A cross-chain trade delivered in another token than `to` (its destination swap could not meet its minimum),
   * as the server's history reports it: the token, its base units, and who holds it. Not stored: applied from
   * the server for display (`applyServerHistory`).
   */
  receivedOther?: { token: string; amount: string; receiver: string }
  createdAtMs: number
}

/** Most records kept per account. */
export const maxSwapRecords = 50

/**
 * Inserts `record` (newest first) or merges it into the record with the same chain and hash, keeping at most
 * `maxSwapRecords`. Returns a new array.
 */
export function upsertSwapRecord(params: {
  records: readonly SwapRecord[]
  record: Partial<SwapRecord> & Pick<SwapRecord, 'chainId' | 'hash'>
}): SwapRecord[] {
  const { records, record } = params
  const index = records.findIndex((r) => r.chainId === record.chainId && r.hash === record.hash)
  if (index === -1) {
    if (!isComplete(record)) return [...records]
    return [record, ...records].slice(0, maxSwapRecords)
  }
  const next = [...records]
  const existing = next[index]
  if (existing !== undefined) next[index] = { ...existing, ...record }
  return next
}

function isComplete(record: Partial<SwapRecord>): record is SwapRecord {
  return (
    record.account !== undefined &&
    record.from !== undefined &&
    record.to !== undefined &&
    record.amountIn !== undefined &&
    record.quotedOut !== undefined &&
    record.status !== undefined &&
    record.createdAtMs !== undefined
  )
}

/** Parses stored history; anything malformed yields an empty list. */
export function parseSwapRecords(json: string | null): SwapRecord[] {
  if (json === null) return []
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter(isSwapRecordLike) : []
  } catch (_error: unknown) {
    return []
  }
}

function isSwapRecordLike(value: unknown): value is SwapRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'hash' in value &&
    typeof value.hash === 'string' &&
    'chainId' in value &&
    typeof value.chainId === 'number' &&
    'status' in value &&
    (value.status === 'pending' || value.status === 'success' || value.status === 'failed')
  )
}
