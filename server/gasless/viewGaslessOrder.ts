import type { GaslessOrderRow } from '../store/gaslessOrders'

/**
 * A stored order as of `nowSec`: a pending order whose deadline has passed reads failed, with the reason and the
 * deadline as the time, before any relayer has marked it (the relayer fails it when it next claims it; reading
 * never writes).
 */
export function viewGaslessOrder(row: GaslessOrderRow, nowSec: number): GaslessOrderRow {
  if (row.status !== 'pending' || row.deadline >= nowSec) return row
  return {
    ...row,
    status: 'failed',
    failedAt: new Date(row.deadline * 1000),
    failureMsg: `order expired: its deadline ${row.deadline} passed before it could be executed`,
  }
}
