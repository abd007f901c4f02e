import { AppError } from '../errors'
import { assertGaslessReceiver } from './assertGaslessReceiver'
import { assertGaslessRoute } from './assertGaslessRoute'
import { gaslessLimits } from './gaslessLimits'
import type { GaslessOrder, RouteStep } from './gaslessOrderTypes'
import { type GaslessServiceDeps, getGaslessChain, MAX_GASLESS_FEE_BPS } from './gaslessServiceDeps'

/**
 * The checks of a signed or to-be-signed order that need no node: its route, the fee cap, a deadline in the
 * future and at most `gaslessLimits.maxDeadlineSec` ahead, and its receiver. Throws INVALID_ORDER,
 * ORDER_EXPIRED, GASLESS_UNAVAILABLE or the route's and receiver's errors.
 */
export function checkGaslessOrder(
  deps: Pick<GaslessServiceDeps, 'markets' | 'gaslessChains' | 'now'>,
  chainId: number,
  order: GaslessOrder,
  steps: readonly RouteStep[],
): void {
  const market = deps.markets.get(chainId)
  assertGaslessRoute(market, order, steps)
  if (order.fee * 10_000n > order.amountIn * MAX_GASLESS_FEE_BPS) {
    throw new AppError(
      'INVALID_ORDER',
      `fee is above the cap of ${MAX_GASLESS_FEE_BPS / 100n}% of amountIn`,
      {
        details: { param: 'fee' },
      },
    )
  }
  const now = BigInt(Math.floor(deps.now() / 1000))
  if (order.deadline <= now) {
    throw new AppError('ORDER_EXPIRED', `The order's deadline ${order.deadline} has passed`, {
      details: { param: 'deadline' },
    })
  }
  const maxDeadline = now + BigInt(gaslessLimits.maxDeadlineSec)
  if (order.deadline > maxDeadline) {
    throw new AppError(
      'INVALID_ORDER',
      `deadline ${order.deadline} is more than ${gaslessLimits.maxDeadlineSec} seconds ahead (at most ${maxDeadline})`,
      { details: { param: 'deadline', max: maxDeadline.toString() } },
    )
  }
  assertGaslessReceiver(market, getGaslessChain(deps, chainId), order.receiver, 'receiver')
}
