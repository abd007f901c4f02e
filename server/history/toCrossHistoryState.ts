import type { HistoryState } from '../openapi/schemas'
import type { CrossTrade } from '../store/crossTrades'

/**
 * The history state of a cross-chain trade's tracked status: PENDING (origin not final) `submitted`, INFLIGHT
 * `inFlight`, DELIVERED `delivered` or, when the provider paid another token, `deliveredOtherToken`, FAILED
 * `failed` or, when it was given back on the origin, `refunded`. A state no provider answers today reads
 * `submitted` (not finished: the follower keeps tracking it). Pure.
 */
export function toCrossHistoryState(
  trade: Pick<CrossTrade, 'state' | 'receivedDifferentTokens' | 'refunded'>,
): HistoryState {
  switch (trade.state) {
    case 'INFLIGHT':
      return 'inFlight'
    case 'DELIVERED':
      return trade.receivedDifferentTokens ? 'deliveredOtherToken' : 'delivered'
    case 'FAILED':
      return trade.refunded ? 'refunded' : 'failed'
    default:
      return 'submitted'
  }
}
