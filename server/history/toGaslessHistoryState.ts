import type { HistoryState } from '../openapi/schemas'
import type { GaslessOrderRow } from '../store/gaslessOrders'

/**
 * The history state of a gasless order (read through `viewGaslessOrder`, so a pending order past its deadline
 * is already failed): pending, or processing without a signed transaction, `submitted`; processing with its
 * transaction `inFlight`; completed `delivered`; cancelled `expired` (never executed); failed without a
 * transaction at or after its deadline `expired`, any other failure `failed`. Pure.
 */
export function toGaslessHistoryState(
  order: Pick<GaslessOrderRow, 'status' | 'txHash' | 'failedAt' | 'deadline'>,
): HistoryState {
  switch (order.status) {
    case 'processing':
      return order.txHash === null ? 'submitted' : 'inFlight'
    case 'completed':
      return 'delivered'
    case 'cancelled':
      return 'expired'
    case 'failed':
      return order.txHash === null &&
        order.failedAt !== null &&
        order.failedAt.getTime() >= order.deadline * 1000
        ? 'expired'
        : 'failed'
    default:
      return 'submitted'
  }
}
