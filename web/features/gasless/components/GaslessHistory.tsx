import { useQuery } from '@tanstack/react-query'
import { type ChainRecord, type HexAddress, usePopularTokens } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { isSameAddress } from '../../../lib/isSameAddress'
import type { GaslessOrderView } from '../api/fetchGaslessOrder'
import { gaslessOrdersQueryOptions } from '../api/gaslessQueryOptions'
import { describeGaslessStatus } from '../model/describeGaslessStatus'

const badge = {
  pending: 'bg-line text-fg',
  processing: 'bg-line text-fg',
  completed: 'bg-accent text-accent-fg',
  cancelled: 'bg-line text-muted',
  failed: 'bg-danger/15 text-danger',
} as const

function GaslessHistoryItem({ order, chainName }: { order: GaslessOrderView; chainName: string }) {
  const tokens = usePopularTokens({ chainId: order.chainFrom }).data ?? []
  const token = (address: string) => tokens.find((t) => isSameAddress(t.address, address))
  const amount = (value: string, address: string) => {
    const found = token(address)
    return found === undefined
      ? `${value} (base units) ${address.slice(0, 8)}…`
      : `${formatTokenAmount({ amount: BigInt(value), decimals: found.decimals })} ${found.symbol}`
  }
  const words = describeGaslessStatus(order.status)
  return (
    <li className="flex items-center justify-between gap-3 border-t border-line py-2 text-sm first:border-t-0">
      <span className="min-w-0 flex-1">
        <span className="block break-words font-medium tabular-nums">
          {amount(order.amount, order.tokenFrom)}
          {' → '}
          {order.amountOut === null
            ? `≥ ${amount(order.amountOutMin, order.tokenTo)}`
            : amount(order.amountOut, order.tokenTo)}
        </span>
        <span className="block text-xs text-muted">
          Gasless · {chainName} ·{' '}
          {new Date(order.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          {order.failureMsg !== null && ` · ${order.failureMsg}`}
        </span>
      </span>
      <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${badge[order.status]}`}>
        {words.label}
      </span>
    </li>
  )
}

/** The connected account's gasless orders from the server (newest first, at most `limit`), with their state. */
export function GaslessHistory({
  address,
  chains,
  limit,
}: {
  address: HexAddress
  chains: readonly ChainRecord[]
  limit: number
}) {
  const orders = useQuery(gaslessOrdersQueryOptions({ address }))
  const rows = orders.data?.response ?? []
  if (rows.length === 0) return null
  return (
    <>
      <h3 className="mt-3 mb-1 text-sm font-semibold">Gasless orders</h3>
      <ul aria-label="Gasless orders">
        {rows.slice(0, limit).map((order) => (
          <GaslessHistoryItem
            key={order.id}
            order={order}
            chainName={chains.find((c) => c.chainId === order.chainFrom)?.name ?? String(order.chainFrom)}
          />
        ))}
      </ul>
    </>
  )
}
