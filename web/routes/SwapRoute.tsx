import { BalancesPanel } from '../features/balances'
import { HistoryPanel } from '../features/history'
import type { ChainRecord } from '../lib/api'
import { describeAppPurpose } from '../lib/describeAppPurpose'
import { getChainFamily } from '../lib/getChainFamily'
import { TradePanel } from './TradePanel'

/**
 * `/`: a line on what the app does, then the trade flow beside the balances on the source chain (EVM wallets
 * only) and the latest swaps.
 */
export function SwapRoute({
  chains,
  source,
  destination,
}: {
  chains: readonly ChainRecord[]
  source: ChainRecord
  destination: ChainRecord
}) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <p className="mb-4 text-sm text-muted" data-testid="app-purpose">
        {describeAppPurpose(chains)}
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <TradePanel source={source} destination={destination} />
        {getChainFamily(source) === 'evm' && <BalancesPanel chain={source} />}
        <HistoryPanel chains={chains} limit={10} />
      </div>
    </main>
  )
}
