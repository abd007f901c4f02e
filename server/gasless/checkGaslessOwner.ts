import { AppError } from '../errors'
import { countGaslessGriefs, getOpenGaslessOrdersOfOwner } from '../store/gaslessOrders'
import { gaslessLimits } from './gaslessLimits'
import type { GaslessOrder } from './gaslessOrderTypes'
import type { GaslessServiceDeps } from './gaslessServiceDeps'

/**
 * Refuses an owner who cost the relayer gas they did not pay too often (OWNER_SUSPENDED), or has too many open
 * orders (TOO_MANY_OPEN_ORDERS). Returns the amount of `order.srcToken` the owner's open orders reserve.
 */
export async function checkGaslessOwner(
  deps: Pick<GaslessServiceDeps, 'store' | 'now'>,
  chainId: number,
  order: GaslessOrder,
): Promise<bigint> {
  const griefs = await countGaslessGriefs(deps.store.db, {
    owner: order.user,
    since: new Date(deps.now() - gaslessLimits.griefWindowMs),
  })
  if (griefs >= gaslessLimits.maxGriefsPerOwner) {
    throw new AppError(
      'OWNER_SUSPENDED',
      `${griefs} orders of ${order.user} cost the relayer gas they did not pay within a day`,
      { details: { griefs, max: gaslessLimits.maxGriefsPerOwner } },
    )
  }
  const open = await getOpenGaslessOrdersOfOwner(deps.store.db, {
    chainId,
    owner: order.user,
    srcToken: order.srcToken,
  })
  if (open.open >= gaslessLimits.maxOpenOrdersPerOwner) {
    throw new AppError(
      'TOO_MANY_OPEN_ORDERS',
      `${order.user} has ${open.open} open orders on this chain, the most allowed; wait for one to end or cancel one`,
      { details: { open: open.open, max: gaslessLimits.maxOpenOrdersPerOwner } },
    )
  }
  return open.reserved
}
