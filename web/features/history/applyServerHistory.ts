import type { AddressHistoryItem } from './api/fetchAddressHistory'
import type { SwapRecord, SwapRecordStatus } from './swapRecord'

/** This browser's records with what the server recorded applied, and the server's trades this browser never saw. */
export interface ServerHistoryMerge {
  records: SwapRecord[]
  serverOnly: AddressHistoryItem[]
}

const toLocalStatus = (state: AddressHistoryItem['state']): SwapRecordStatus => {
  switch (state) {
    case 'delivered':
    case 'deliveredOtherToken':
      return 'success'
    case 'refunded':
    case 'failed':
    case 'expired':
      return 'failed'
    default:
      return 'pending'
  }
}

/**
 * Joins the server's history of the account (`items`) with this browser's records, by origin transaction hash
 * (any letter case). For a trade both know, the server's record wins for the state (and the received or refunded
 * amount; an output in another token than the record's, whose decimals the record does not know, goes apart in
 * `receivedOther` with its token and receiver), and the
 * local one keeps what only it knows (symbols, decimals, the quote, approvals). Trades only the server knows
 * come back apart, newest first as given. Gasless orders are left out: the panel lists them on their own. Pure.
 */
export function applyServerHistory(params: {
  records: readonly SwapRecord[]
  items: readonly AddressHistoryItem[]
}): ServerHistoryMerge {
  const items = params.items.filter((item) => item.kind !== 'gasless')
  const byHash = new Map(
    items.flatMap((item) => (item.originTxHash === null ? [] : [[item.originTxHash.toLowerCase(), item]])),
  )
  const matched = new Set<AddressHistoryItem>()
  const records = params.records.map((record) => {
    const item = byHash.get(record.hash.toLowerCase())
    if (item === undefined) return record
    matched.add(item)
    const merged: SwapRecord = { ...record, status: toLocalStatus(item.state) }
    if (item.state === 'delivered' && item.amountOut !== null) merged.received = item.amountOut
    if (item.state === 'refunded' && item.amountRefunded !== null) merged.refunded = item.amountRefunded
    if (item.state === 'deliveredOtherToken' && item.tokenReceived !== null && item.amountOut !== null)
      merged.receivedOther = { token: item.tokenReceived, amount: item.amountOut, receiver: item.receiver }
    return merged
  })
  return { records, serverOnly: items.filter((item) => !matched.has(item)) }
}
