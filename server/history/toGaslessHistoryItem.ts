import type { HistoryItem } from '../openapi/schemas'
import type { GaslessOrderRow } from '../store/gaslessOrders'
import { toGaslessHistoryState } from './toGaslessHistoryState'

/**
 * A gasless order as a history item: single-chain, paid by its owner; the output once completed; the relayer's
 * transaction (origin and, once completed, destination) when it has one. Pure.
 */
export function toGaslessHistoryItem(order: GaslessOrderRow): HistoryItem {
  const state = toGaslessHistoryState(order)
  const finishedAt = order.completedAt ?? order.failedAt ?? order.canceledAt
  return {
    kind: 'gasless',
    state,
    id: `gasless:${order.id}`,
    fromChainId: order.chainId,
    toChainId: order.chainId,
    sender: order.owner,
    receiver: order.receiver,
    tokenIn: order.srcToken,
    tokenOut: order.dstToken,
    amountIn: order.amountIn.toString(),
    amountOut: state === 'delivered' && order.amountOut !== null ? order.amountOut.toString() : null,
    tokenReceived: null,
    amountRefunded: null,
    originTxHash: order.txHash,
    destinationTxHash: state === 'delivered' ? order.txHash : null,
    providerId: null,
    createdAt: order.createdAt.toISOString(),
    finishedAt: finishedAt === null ? null : finishedAt.toISOString(),
  }
}
