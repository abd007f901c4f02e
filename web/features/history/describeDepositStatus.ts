import type { DepositRecord } from './depositRecord'
import { describeRecordStatus, type RecordStatusView } from './describeRecordStatus'

/**
 * A deposit trade's status badge: "Awaiting deposit" until it is paid, "Expired" once its quote expired unpaid
 * (nothing to follow: the quote no longer holds, and a deposit sent now swaps only if the pools then still pay
 * the memo's minimum, else it is refunded), then as any cross-chain trade (Pending, Delivered,
 * Failed, Refunded). Pure.
 */
export function describeDepositStatus(
  record: Pick<DepositRecord, 'status' | 'refunded' | 'expiresAt'>,
  nowSec: number,
): RecordStatusView {
  if (record.status === 'awaiting')
    return record.expiresAt > nowSec
      ? { label: 'Awaiting deposit', tone: 'pending' }
      : { label: 'Expired', tone: 'failed' }
  return describeRecordStatus({ status: record.status, refunded: record.refunded, kind: 'cross' })
}
