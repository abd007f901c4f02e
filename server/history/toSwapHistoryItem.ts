import type { HistoryItem } from '../openapi/schemas'
import type { Trade } from '../store/trades'

/**
 * A single-chain trade the watcher stored (one Swapped log) as a history item: `delivered` when its transaction
 * succeeded (the receipt status 1 every stored Swapped has), `failed` for status 0. Single-chain, so the
 * destination hash is the origin's and it finished in its block. Pure.
 */
export function toSwapHistoryItem(trade: Trade): HistoryItem {
  const at = trade.blockTimestamp.toISOString()
  return {
    kind: 'swap',
    state: trade.status === 1 ? 'delivered' : 'failed',
    id: `swap:${trade.id}`,
    fromChainId: trade.chainId,
    toChainId: trade.chainId,
    sender: trade.sender,
    receiver: trade.receiver,
    tokenIn: trade.tokenIn,
    tokenOut: trade.tokenOut,
    amountIn: trade.amountIn.toString(),
    amountOut: trade.status === 1 ? trade.amountOut.toString() : null,
    tokenReceived: null,
    amountRefunded: null,
    originTxHash: trade.txHash,
    destinationTxHash: trade.txHash,
    providerId: null,
    createdAt: at,
    finishedAt: at,
  }
}
