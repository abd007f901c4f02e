import type { ReactNode } from 'react'
import type { ChainRecord } from '../lib/api'
import { TradePanel } from './TradePanel'

/**
 * `/widget`: the same swap flow in embed mode, without page chrome (no header, balances or history): a compact
 * row with the network selector and the wallet button above the card.
 */
export function WidgetRoute({
  source,
  destination,
  chainSelector,
  connect,
}: {
  source: ChainRecord
  destination: ChainRecord
  chainSelector: ReactNode
  connect: ReactNode
}) {
  return (
    <main className="mx-auto w-full max-w-md space-y-2 p-2">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">{chainSelector}</div>
        <div className="shrink-0">{connect}</div>
      </div>
      <TradePanel source={source} destination={destination} embed />
    </main>
  )
}
