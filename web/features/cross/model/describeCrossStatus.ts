/** How a cross-chain trade's status reads in the progress view. */
export interface CrossStatusView {
  label: string
  /** 0 sent, 1 seen by the provider (in flight), 2 finished. */
  stage: 0 | 1 | 2
  /** `refunded`: the input came back on the source chain (an unfilled intent), neither delivered nor lost. */
  tone: 'progress' | 'success' | 'danger' | 'refunded'
  /** The name of the last stage of the strip: what finished the trade. */
  finalStage: 'Arrived' | 'Refunded'
  /** Why, when the label alone does not say it. */
  detail?: string
  /** What the user can do to move the trade on: `retryDelivery`, send the failed delivery again. */
  action?: 'retryDelivery'
}

/**
 * The progress view's words for `info/tx`'s status (undefined while the provider has not seen the origin
 * transaction): in flight, delivered, failed with the bridged token paid instead (the destination swap failed),
 * failed, or "Refunded" (the `refunded` detail: an intent deposit nobody filled came back on the source chain),
 * which reads apart from a failure: its own tone, a last stage named Refunded and why (an intent nobody filled, or
 * the liquidity network unable to pay the memo's minimum, by `tradeProtocol`). A trade in flight whose delivery
 * failed on the destination (`subStatus` COMPOSE_FAILED: the bridged tokens wait there) needs action: it reads as
 * a failure with the `retryDelivery` action. A deposit still PENDING whose payment is known was seen in its
 * chain's mempool, unconfirmed: it reads so, at the first stage. Pure.
 */
export function describeCrossStatus(
  tx:
    | {
        status: string
        receivedDifferentTokens: boolean
        refunded?: boolean
        tradeProtocol?: string
        subStatus?: string
        /** Set on a deposit into a liquidity network once its payment is seen (`DepositPayment` of the API). */
        payment?: unknown
      }
    | undefined,
): CrossStatusView {
  if (tx === undefined)
    return {
      label: 'Waiting for the provider to see the transaction',
      stage: 0,
      tone: 'progress',
      finalStage: 'Arrived',
    }
  switch (tx.status.toUpperCase()) {
    case 'DELIVERED':
      return { label: 'Delivered', stage: 2, tone: 'success', finalStage: 'Arrived' }
    case 'FAILED':
      if (tx.receivedDifferentTokens)
        return {
          label: 'The destination swap failed: you received the bridged token instead',
          stage: 2,
          tone: 'danger',
          finalStage: 'Arrived',
        }
      return tx.refunded === true
        ? {
            label: 'Refunded',
            stage: 2,
            tone: 'refunded',
            finalStage: 'Refunded',
            detail:
              tx.tradeProtocol === 'CROSS_CHAIN_THORCHAIN'
                ? 'The network could not pay at least the minimum your quote allowed: it sent your deposit back, minus its network fee, on the source chain.'
                : 'No relayer filled the deposit in time: it went back to you on the source chain.',
          }
        : {
            label: 'Failed: the provider refunded the deposit on the source chain',
            stage: 2,
            tone: 'danger',
            finalStage: 'Arrived',
          }
    case 'INFLIGHT':
      if (tx.subStatus === 'COMPOSE_FAILED')
        return {
          label: 'Delivery failed on the destination chain: it needs a retry',
          stage: 1,
          tone: 'danger',
          finalStage: 'Arrived',
          detail:
            'Your tokens crossed and wait on the destination chain, but the swap there ran out of gas. Retry delivery sends it again from your wallet (you pay its gas); it pays what your quote said.',
          action: 'retryDelivery',
        }
      return { label: 'In flight between the chains', stage: 1, tone: 'progress', finalStage: 'Arrived' }
    default:
      // a deposit PENDING with its payment: the server saw it in the chain's mempool, no block holds it yet
      if (tx.payment !== undefined)
        return {
          label: 'Seen in the mempool, waiting for confirmation',
          stage: 0,
          tone: 'progress',
          finalStage: 'Arrived',
          detail: 'Your payment is broadcast: the network takes it once a block confirms it.',
        }
      return {
        label: 'Seen by the provider, waiting for confirmations',
        stage: 1,
        tone: 'progress',
        finalStage: 'Arrived',
      }
  }
}
