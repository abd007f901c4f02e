import { AppError } from '../errors'
import { type GaslessOrderRow, getGaslessOrder, listGaslessOrdersByOwner } from '../store/gaslessOrders'
import { checkGaslessOrderOnChain } from './checkGaslessOrderOnChain'
import { type GaslessServiceDeps, gaslessClientOf } from './gaslessServiceDeps'
import { viewGaslessOrder } from './viewGaslessOrder'

/**
 * Order `orderId` as the API shows it: expired pending orders read failed (`viewGaslessOrder`), and a mined
 * outcome not final yet only while its chain holds the receipt (`checkGaslessOrderOnChain`). Reads only.
 * Throws NOT_FOUND.
 */
export async function readGaslessOrder(
  deps: Pick<GaslessServiceDeps, 'store' | 'markets' | 'now'>,
  orderId: string,
): Promise<GaslessOrderRow> {
  const row = await getGaslessOrder(deps.store.db, orderId)
  if (!row) throw new AppError('NOT_FOUND', `No gasless order ${orderId}`)
  return show(deps, row)
}

/** A page of `owner`'s orders, newest first, each shown as `readGaslessOrder` shows it, with the total count. */
export async function readGaslessOrdersOfOwner(
  deps: Pick<GaslessServiceDeps, 'store' | 'markets' | 'now'>,
  owner: string,
  page: { page: number; limit: number },
): Promise<{ rows: GaslessOrderRow[]; total: number }> {
  const { rows, total } = await listGaslessOrdersByOwner(deps.store.db, owner, {
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  })
  return { rows: await Promise.all(rows.map((row) => show(deps, row))), total }
}

function show(deps: Pick<GaslessServiceDeps, 'markets' | 'now'>, row: GaslessOrderRow) {
  return checkGaslessOrderOnChain(
    gaslessClientOf(deps, row.chainId),
    viewGaslessOrder(row, Math.floor(deps.now() / 1000)),
  )
}
