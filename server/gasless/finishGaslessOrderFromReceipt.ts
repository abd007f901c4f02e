import { type Address, parseEventLogs, type TransactionReceipt } from 'viem'
import { gaslessSettlementAbi } from '../../contracts/artifacts/index'
import type { Db } from '../store/db'
import { finishGaslessOrder, type GaslessOrderRow } from '../store/gaslessOrders'

/**
 * Ends a processing order from its mined transaction's receipt: `completed` with the amounts of
 * `GaslessOrderFilled`, or `failed` when it reverted; records the gas the relayer paid (in wei and, priced by
 * `costInSrcToken`, in the source token) and the block it was mined in, which the relayer rechecks until it is
 * final. Returns whether this call ended the order (it ends once).
 */
export async function finishGaslessOrderFromReceipt(
  db: Db,
  p: {
    row: GaslessOrderRow
    receipt: TransactionReceipt
    at: Date
    costInSrcToken: (srcToken: Address, costWei: bigint) => bigint | undefined
  },
): Promise<boolean> {
  const { row, receipt } = p
  const wei = receipt.gasUsed * receipt.effectiveGasPrice
  const gasCost = { wei, inSrc: p.costInSrcToken(row.srcToken as Address, wei) }
  const mined = { blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash }
  if (receipt.status !== 'success') {
    return finishGaslessOrder(db, {
      id: row.id,
      status: 'failed',
      at: p.at,
      failureMsg: `the settlement transaction ${receipt.transactionHash} reverted`,
      gasCost,
      mined,
    })
  }
  const [filled] = parseEventLogs({
    abi: gaslessSettlementAbi,
    eventName: 'GaslessOrderFilled',
    logs: receipt.logs,
  })
  return finishGaslessOrder(db, {
    id: row.id,
    status: 'completed',
    at: p.at,
    amountOut: filled?.args.amountOut ?? 0n,
    feeTaken: filled?.args.fee ?? 0n,
    gasCost,
    mined,
  })
}
