import { BalancesPanel } from '../features/balances'
import { HistoryPanel } from '../features/history'
import type { ChainRecord } from '../lib/api'
import { getChainFamily } from '../lib/getChainFamily'
import { TradePanel } from './TradePanel'

/** `/`: the trade flow beside the balances on the source chain (EVM wallets only) and the latest swaps. */
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
    <main className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <TradePanel source={source} destination={destination} />
      {getChainFamily(source) === 'evm' && <BalancesPanel chain={source} />}
      <HistoryPanel chains={chains} limit={10} />
    </main>
  )
}
