import { HistoryPanel } from '../features/history'
import type { ChainRecord } from '../lib/api'

/** Most swaps the history page lists. */
export const historyPageLimit = 50

/** `/history`: the connected account's swaps from this browser, newest first. */
export function HistoryRoute({ chains }: { chains: readonly ChainRecord[] }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <HistoryPanel chains={chains} limit={historyPageLimit} csvLink loadMore />
    </main>
  )
}
