import type { SwapRecord } from './swapRecord'

/** A stored record's update: what the server settled of it. */
export type SettlementUpdate = Pick<SwapRecord, 'chainId' | 'hash' | 'status'> &
  Partial<Pick<SwapRecord, 'received' | 'refunded'>>

/**
 * The stored records (`local`) still pending that the server's history settled (`joined`, the same records with
 * the server's state applied by `applyServerHistory`, in the same order), as updates to store: so the rest of
 * the app (the swap card's swaps in flight, the next visit) reads the settlement too, not only the history list.
 * Only pending records change, so storing the updates settles the matter (no update is found twice). Pure.
 */
export function findServerSettlements(params: {
  local: readonly SwapRecord[]
  joined: readonly SwapRecord[]
}): SettlementUpdate[] {
  return params.local.flatMap((record, index) => {
    const merged = params.joined[index]
    if (record.status !== 'pending' || merged === undefined || merged.status === 'pending') return []
    if (merged.hash !== record.hash || merged.chainId !== record.chainId) return []
    return [
      {
        chainId: record.chainId,
        hash: record.hash,
        status: merged.status,
        ...(merged.received === undefined ? {} : { received: merged.received }),
        ...(merged.refunded === undefined ? {} : { refunded: merged.refunded }),
      },
    ]
  })
}
