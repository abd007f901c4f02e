import { RefreshCw } from 'lucide-react'
import { useNow } from '../../../lib/useNow'
import { quoteRefreshMs } from '../api/singleQuotesQueryOptions'
import { getRefreshSecondsLeft } from '../model/quoteTiming'

/** "Refreshes in N s" for quotes fetched at `updatedAtMs`, with a button to refresh now. */
export function QuoteCountdown({
  updatedAtMs,
  onRefresh,
  fetching,
}: {
  updatedAtMs: number
  onRefresh: () => void
  fetching: boolean
}) {
  const now = useNow(1_000)
  const seconds = getRefreshSecondsLeft({ updatedAtMs, intervalMs: quoteRefreshMs, nowMs: now })
  return (
    <span className="flex items-center gap-2 text-xs text-muted">
      <span aria-hidden="true" className="whitespace-nowrap">
        {fetching ? (
          'Updating…'
        ) : (
          <>
            <span className="hidden sm:inline">Refreshes in </span>
            {seconds} s
          </>
        )}
      </span>
      <button
        type="button"
        onClick={onRefresh}
        aria-label="Refresh quotes"
        className="inline-flex h-7 w-7 items-center justify-center rounded-md border border-line hover:bg-surface"
      >
        <RefreshCw aria-hidden="true" className={`h-3.5 w-3.5 ${fetching ? 'animate-spin' : ''}`} />
      </button>
    </span>
  )
}
