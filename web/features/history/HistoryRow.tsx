import type { ReactNode } from 'react'
import { getExplorerTxUrl } from '../../lib/getExplorerTxUrl'
import type { RecordStatusView } from './describeRecordStatus'

const statusStyles = {
  pending: 'bg-line text-fg',
  success: 'bg-accent text-accent-fg',
  failed: 'bg-danger/15 text-danger',
  refunded: 'border border-warn text-fg',
} as const

/**
 * One history row: what was traded, where and when, and its status badge; a click (or Enter) opens its detail
 * (`children`: the transactions, linked to their explorers, and what arrived).
 */
export function HistoryRow({
  title,
  meta,
  status,
  children,
}: {
  title: ReactNode
  meta: ReactNode
  status: RecordStatusView
  children: ReactNode
}) {
  return (
    <li className="border-t border-line text-sm first:border-t-0">
      <details>
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-md py-2 hover:bg-surface">
          <span className="min-w-0 flex-1">
            <span className="block break-words font-medium tabular-nums">{title}</span>
            <span className="block text-xs text-muted">{meta}</span>
          </span>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status.tone]}`}
          >
            {status.label}
          </span>
        </summary>
        <dl aria-label="Details" className="space-y-1 pb-2 text-xs text-muted">
          {children}
        </dl>
      </details>
    </li>
  )
}

/** A detail line of a history row. */
export function HistoryDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline">{term}: </dt>
      <dd className="inline break-all font-mono text-fg">{children}</dd>
    </div>
  )
}

/** A transaction of a history row, linked to its chain's public explorer where there is one. */
export function HistoryTxDetail({
  term,
  chain,
  txHash,
}: {
  term: string
  chain: { chainId: number; isDevnet: boolean } | undefined
  txHash: string
}) {
  const url = chain === undefined ? undefined : getExplorerTxUrl(chain, txHash)
  return (
    <HistoryDetail term={term}>
      {url === undefined ? (
        txHash
      ) : (
        <a href={url} target="_blank" rel="noreferrer" className="underline">
          {txHash}
        </a>
      )}
    </HistoryDetail>
  )
}

/** A row's date and time, as the history shows it. */
export const formatHistoryTime = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A transaction id shortened for a row's summary line. */
export const shortTxId = (txHash: string) => `${txHash.slice(0, 8)}…${txHash.slice(-6)}`
