import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { TxHash } from '../../../components/TxHash'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import type { SwapRecord } from '../../history'

/**
 * The account's swaps on this chain sent before the card was mounted (before a reload, say) and still pending,
 * with their hash; once one resolves it says how it ended. Swaps sent from this card show in its review
 * instead. So a reload never hides a swap in flight.
 */
export function PendingSwapNotice({ records, chainId }: { records: readonly SwapRecord[]; chainId: number }) {
  const [mountedAtMs] = useState(() => Date.now())
  const seenPending = useRef(new Set<string>())
  for (const record of records)
    if (
      record.status === 'pending' &&
      record.chainId === chainId &&
      (record.kind ?? 'swap') === 'swap' &&
      record.createdAtMs < mountedAtMs
    )
      seenPending.current.add(record.hash)
  const shown = records.filter((record) => record.chainId === chainId && seenPending.current.has(record.hash))
  if (shown.length === 0) return null
  return (
    <ul aria-label="Swaps in flight" className="mb-3 space-y-2">
      {shown.slice(0, 3).map((record) => (
        <li
          key={record.hash}
          role="status"
          className={`rounded-lg border p-3 text-sm ${record.status === 'failed' ? 'border-danger/40' : 'border-line'}`}
        >
          <span className="flex items-center gap-2 font-semibold">
            {record.status === 'pending' ? (
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin text-muted" />
            ) : record.status === 'success' ? (
              <CircleCheck aria-hidden="true" className="h-4 w-4 text-accent" />
            ) : (
              <CircleX aria-hidden="true" className="h-4 w-4 text-danger" />
            )}
            {record.status === 'pending'
              ? 'Swap pending'
              : record.status === 'success'
                ? 'Swap confirmed'
                : 'Swap failed'}
            : {formatTokenAmount({ amount: BigInt(record.amountIn), decimals: record.from.decimals })}{' '}
            {record.from.symbol} → {record.received === undefined ? '≈ ' : ''}
            {formatTokenAmount({
              amount: BigInt(record.received ?? record.quotedOut),
              decimals: record.to.decimals,
              roundingMode: 'trunc',
            })}{' '}
            {record.to.symbol}
          </span>
          <TxHash hash={record.hash} />
        </li>
      ))}
    </ul>
  )
}
