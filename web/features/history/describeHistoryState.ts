import type { AddressHistoryItem } from './api/fetchAddressHistory'
import type { RecordStatusView } from './describeRecordStatus'

/**
 * The status badge of a trade only the server knows, from its state: Pending until it ends; Confirmed for a
 * swap (Delivered for a cross-chain trade, in either token); Refunded; Failed; Expired (never executed); Needs
 * action for a cross-chain trade in flight whose delivery failed on the destination (`subStatus`). Pure.
 */
export function describeHistoryState(
  item: Pick<AddressHistoryItem, 'state' | 'kind'> & { subStatus?: string | undefined },
): RecordStatusView {
  if (item.state === 'inFlight' && item.subStatus === 'COMPOSE_FAILED')
    return { label: 'Needs action', tone: 'failed' }
  switch (item.state) {
    case 'delivered':
    case 'deliveredOtherToken':
      return { label: item.kind === 'cross' ? 'Delivered' : 'Confirmed', tone: 'success' }
    case 'refunded':
      return { label: 'Refunded', tone: 'refunded' }
    case 'failed':
      return { label: 'Failed', tone: 'failed' }
    case 'expired':
      return { label: 'Expired', tone: 'failed' }
    default:
      return { label: 'Pending', tone: 'pending' }
  }
}
