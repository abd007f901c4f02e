import type { SwapRecord } from './swapRecord'

/** The status badge of a history row. */
export interface RecordStatusView {
  label: 'Pending' | 'Confirmed' | 'Delivered' | 'Failed' | 'Refunded' | 'Awaiting deposit' | 'Expired'
  tone: 'pending' | 'success' | 'failed' | 'refunded'
}

/**
 * A history row's status: pending, confirmed (Delivered for a cross-chain trade, which succeeds once its output
 * arrives on the destination chain, not when its origin transaction confirms), failed, or Refunded for a failed
 * cross-chain trade whose input came back on the source chain (`refunded` recorded), which is not a loss and
 * reads apart from a failure. Pure.
 */
export function describeRecordStatus(
  record: Pick<SwapRecord, 'status' | 'refunded' | 'kind'>,
): RecordStatusView {
  switch (record.status) {
    case 'pending':
      return { label: 'Pending', tone: 'pending' }
    case 'success':
      return { label: record.kind === 'cross' ? 'Delivered' : 'Confirmed', tone: 'success' }
    case 'failed':
      return record.refunded === undefined
        ? { label: 'Failed', tone: 'failed' }
        : { label: 'Refunded', tone: 'refunded' }
  }
}
