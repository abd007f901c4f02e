/** How a cross-chain trade's status reads in the progress view. */
export interface CrossStatusView {
  label: string
  /** 0 sent, 1 seen by the provider (in flight), 2 finished. */
  stage: 0 | 1 | 2
  tone: 'progress' | 'success' | 'danger'
}

/**
 * The progress view's words for `info/tx`'s status (undefined while the provider has not seen the origin
 * transaction): in flight, delivered, failed with the bridged token paid instead (the destination swap failed), refunded. Pure.
 */
export function describeCrossStatus(
  tx: { status: string; receivedDifferentTokens: boolean; refunded?: boolean } | undefined,
): CrossStatusView {
  if (tx === undefined)
    return { label: 'Waiting for the provider to see the transaction', stage: 0, tone: 'progress' }
  switch (tx.status.toUpperCase()) {
    case 'DELIVERED':
      return { label: 'Delivered', stage: 2, tone: 'success' }
    case 'FAILED':
      if (tx.receivedDifferentTokens)
        return {
          label: 'The destination swap failed: you received the bridged token instead',
          stage: 2,
          tone: 'danger',
        }
      return tx.refunded === true
        ? {
            label: 'Not filled in time: the deposit was refunded to you on the source chain',
            stage: 2,
            tone: 'danger',
          }
        : {
            label: 'Failed: the provider refunded the deposit on the source chain',
            stage: 2,
            tone: 'danger',
          }
    case 'INFLIGHT':
      return { label: 'In flight between the chains', stage: 1, tone: 'progress' }
    default:
      return { label: 'Seen by the provider, waiting for confirmations', stage: 1, tone: 'progress' }
  }
}
