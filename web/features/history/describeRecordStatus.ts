import type { SwapRecord } from './swapRecord'

/** The status badge of a history row. */
export interface RecordStatusView {
  label:
    | 'Pending'
    | 'Confirmed'
    | 'Delivered'
    | 'Failed'
    | 'Refunded'
    | 'Awaiting deposit'
    | 'Expired'
    | 'Needs action'
  tone: 'pending' | 'success' | 'failed' | 'refunded'
}

/**
 * A history row's status: pending, confirmed (Delivered for a cross-chain trade, which succeeds once its output
 * arrives on the destination chain, not when its origin transaction confirms), failed, or Refunded for a failed
 * cross-chain trade whose input came back on the source chain (`refunded` recorded), which is not a loss and
 * reads apart from a failure. A pending trade that `needsAction` (its delivery failed on the destination and waits
 * for a retry) reads Needs action, in the failure tone. Pure.
 */
export function describeRecordStatus(
  record: Pick<SwapRecord, 'status' | 'refunded' | 'kind'>,
  options: { needsAction?: boolean } = {},
): RecordStatusView {
  switch (record.status) {
    case 'pending':
      return options.needsAction === true
        ? { label: 'Needs action', tone: 'failed' }
        : { label: 'Pending', tone: 'pending' }
    case 'success':
      return { label: record.kind === 'cross' ? 'Delivered' : 'Confirmed', tone: 'success' }
    case 'failed':
      return record.refunded === undefined
        ? { label: 'Failed', tone: 'failed' }
        : { label: 'Refunded', tone: 'refunded' }
  }
}
