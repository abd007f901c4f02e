import type { Hex } from 'viem'
import type { NewGaslessOrder } from '../store/gaslessOrders'
import type { GaslessOrder, RouteStep } from './gaslessOrderTypes'

/** The store row of a new pending order: the signed order, its Permit2 nonce, signature and route. */
export function orderToRow(p: {
  chainId: number
  order: GaslessOrder
  nonce: bigint
  signature: Hex
  steps: readonly RouteStep[]
}): NewGaslessOrder {
  const { order } = p
  return {
    chainId: p.chainId,
    owner: order.user,
    receiver: order.receiver,
    srcToken: order.srcToken,
    dstToken: order.dstToken,
    amountIn: order.amountIn,
    fee: order.fee,
    amountOutMin: order.amountOutMin,
    deadline: Number(order.deadline),
    tradeHash: order.tradeHash,
    nonce: p.nonce,
    signature: p.signature,
    steps: p.steps.map((s) => ({ ...s, share: s.share.toString() })),
  }
}
