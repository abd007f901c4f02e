import type { DepositRecord } from './depositRecord'
import { describeRecordStatus, type RecordStatusView } from './describeRecordStatus'

/**
 * A deposit trade's status badge: "Awaiting deposit" until it is paid, "Expired" once its quote expired unpaid
 * (nothing to follow: a deposit sent now is refunded), then as any cross-chain trade (Pending, Delivered,
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
