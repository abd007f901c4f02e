import type { Hex, PublicClient } from 'viem'
import type { GaslessOrderRow } from '../store/gaslessOrders'

/**
 * The order as the API may show it: an order recorded as mined (completed, or failed by a reverted
 * transaction) but not final yet is shown so only while the chain still holds its receipt in the recorded
 * block; otherwise (rolled back and not yet reconciled by the relayer, or the chain cannot be asked, or no
 * `client`) it is shown `processing`, without its transaction and amounts. Final and unmined orders are
 * returned as they are. Never throws for the chain's sake.
 */
export async function checkGaslessOrderOnChain(
  client: PublicClient | undefined,
  row: GaslessOrderRow,
): Promise<GaslessOrderRow> {
  if (row.finalAt !== null || row.minedBlockHash === null || row.txHash === null) return row
  const receipt = await client?.getTransactionReceipt({ hash: row.txHash as Hex }).catch(() => undefined)
  if (receipt?.blockHash === row.minedBlockHash) return row
  return {
    ...row,
    status: 'processing',
    completedAt: null,
    failedAt: null,
    amountOut: null,
    failureMsg:
      receipt === undefined && client !== undefined
        ? `its transaction ${row.txHash} is no longer on chain (rolled back); the relayer rebroadcasts it`
        : 'its transaction is not confirmed by the chain yet',
  }
}
