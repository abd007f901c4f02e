import { randomBytes } from 'node:crypto'
import { type Address, isAddressEqual } from 'viem'
import { AppError } from '../errors'
import { buildGaslessTypedData } from './buildGaslessTypedData'
import { checkGaslessOrder } from './checkGaslessOrder'
import type { GaslessOrder, RouteStep } from './gaslessOrderTypes'
import { type GaslessServiceDeps, getGaslessChain } from './gaslessServiceDeps'

/**
 * The EIP-712 typed data `sender` signs for an estimated order, at a fresh random Permit2 nonce (Permit2 nonces
 * are unordered: a random 248-bit value never collides in practice). Throws NOT_ORDER_OWNER when the sender is
 * not `order.user`, and `checkGaslessOrder`'s errors.
 */
export function prepareGaslessTypedData(
  deps: Pick<GaslessServiceDeps, 'markets' | 'gaslessChains' | 'now'>,
  p: { chainId: number; sender: Address; order: GaslessOrder; call: readonly RouteStep[] },
): ReturnType<typeof buildGaslessTypedData> {
  const chain = getGaslessChain(deps, p.chainId)
  if (!isAddressEqual(p.order.user, p.sender)) {
    throw new AppError('NOT_ORDER_OWNER', 'sender must be the order.user who signs it', {
      details: { param: 'sender' },
    })
  }
  checkGaslessOrder(deps, p.chainId, p.order, p.call)
  return buildGaslessTypedData({
    chainId: p.chainId,
    permit2: chain.permit2,
    settlement: chain.settlement,
    order: p.order,
    nonce: BigInt(`0x${randomBytes(31).toString('hex')}`),
  })
}
