import type { HistoryItem } from '../openapi/schemas'
import type { CrossTrade } from '../store/crossTrades'
import { toCrossHistoryState } from './toCrossHistoryState'
import { toDepositPayment } from './toDepositPayment'

/**
 * A cross-chain trade as a history item. A delivered trade's `amountReceived` is its output (in `tokenReceived`
 * when another token arrived); a refunded one's is the input given back on the origin, so it is `amountRefunded`
 * then. Times: the origin block's (the row's creation for a trade `info/tx` found first), and when it finished.
 * A deposit into a liquidity network carries its `payment` (`toDepositPayment`); a trade in flight that waits for
 * a retry its `subStatus`. Pure.
 */
export function toCrossHistoryItem(trade: CrossTrade): HistoryItem {
  const state = toCrossHistoryState(trade)
  const received = trade.amountReceived === null ? null : trade.amountReceived.toString()
  const delivered = state === 'delivered' || state === 'deliveredOtherToken'
  const payment = toDepositPayment(trade)
  return {
    kind: 'cross',
    state,
    id: `cross:${trade.id}`,
    fromChainId: trade.sourceChainId,
    toChainId: trade.destinationChainId,
    sender: trade.sender ?? '',
    receiver: trade.receiver ?? '',
    tokenIn: trade.tokenIn ?? '',
    tokenOut: trade.tokenOut ?? '',
    amountIn: (trade.amountIn ?? 0n).toString(),
    amountOut: delivered ? received : null,
    tokenReceived: state === 'deliveredOtherToken' ? trade.tokenReceived : null,
    amountRefunded: state === 'refunded' ? received : null,
    originTxHash: trade.originTxHash,
    destinationTxHash: trade.destinationTxHash,
    providerId: trade.providerId,
    createdAt: (trade.blockTimestamp ?? trade.createdAt).toISOString(),
    finishedAt: trade.finishedAt === null ? null : trade.finishedAt.toISOString(),
    ...(payment === undefined ? {} : { payment }),
    ...(state === 'inFlight' && trade.subStatus === 'COMPOSE_FAILED' ? { subStatus: trade.subStatus } : {}),
  }
}
