import { getAddress, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { AppError } from '../errors'
import { cancelGaslessOrder, type GaslessOrderRow, getGaslessOrder } from '../store/gaslessOrders'
import { cancelMessage } from './cancelMessage'
import type { GaslessServiceDeps } from './gaslessServiceDeps'

/**
 * Cancels order `orderId` off chain on its owner's EIP-191 signature of `cancelMessage(orderId)`, while no
 * transaction of it exists (cancelling a cancelled order again answers it). Returns the order. Throws NOT_FOUND,
 * INVALID_SIGNATURE, NOT_ORDER_OWNER or ORDER_NOT_CANCELLABLE.
 */
export async function cancelGaslessOrderByOwner(
  deps: Pick<GaslessServiceDeps, 'store' | 'now'>,
  p: { orderId: string; signature: Hex },
): Promise<GaslessOrderRow> {
  const existing = await getGaslessOrder(deps.store.db, p.orderId)
  if (!existing) throw new AppError('NOT_FOUND', `No gasless order ${p.orderId}`)
  const signer = await recoverMessageAddress({
    message: cancelMessage(p.orderId),
    signature: p.signature,
  }).catch(() => undefined)
  if (!signer) throw new AppError('INVALID_SIGNATURE', 'signature is not a valid EIP-191 signature')
  if (!isAddressEqual(signer, getAddress(existing.owner))) {
    throw new AppError('NOT_ORDER_OWNER', `Only the order's owner may cancel it; signed by ${signer}`)
  }
  const { cancelled, order } = await cancelGaslessOrder(deps.store.db, {
    id: p.orderId,
    at: new Date(deps.now()),
  })
  if (!order) throw new AppError('NOT_FOUND', `No gasless order ${p.orderId}`)
  if (!cancelled && order.status !== 'cancelled') {
    throw new AppError(
      'ORDER_NOT_CANCELLABLE',
      `The order is ${order.status}; its transaction is already signed or it has ended`,
      { details: { status: order.status } },
    )
  }
  return order
}
