import { getAddress, type Hex } from 'viem'
import type { GaslessOrderRow } from '../store/gaslessOrders'
import type { GaslessOrder, RouteStep } from './gaslessOrderTypes'

/** The signed order of a stored row. */
export function orderFromRow(row: GaslessOrderRow): GaslessOrder {
  return {
    user: getAddress(row.owner),
    receiver: getAddress(row.receiver),
    srcToken: getAddress(row.srcToken),
    dstToken: getAddress(row.dstToken),
    amountIn: row.amountIn,
    fee: row.fee,
    amountOutMin: row.amountOutMin,
    deadline: BigInt(row.deadline),
    tradeHash: row.tradeHash as Hex,
  }
}

/** The signed route of a stored row. */
export function stepsFromRow(row: GaslessOrderRow): RouteStep[] {
  return row.steps.map((s) => ({
    kind: s.kind,
    factoryId: s.factoryId,
    tokenIn: getAddress(s.tokenIn),
    tokenOut: getAddress(s.tokenOut),
    fee: s.fee,
    share: BigInt(s.share),
  }))
}
