import { lazy, Suspense } from 'react'
import { Skeleton } from '../components/Skeleton'
import { SwapCard } from '../features/swap'
import type { ChainRecord } from '../lib/api'
import { getChainFamily } from '../lib/getChainFamily'
import { hasCrossFlowBetween } from '../lib/hasCrossChainFlow'
import { isWidgetFlowAllowed } from '../lib/widget/getWidgetChains'
import { useWidget } from '../lib/widget/WidgetContext'

// the cross-chain card (deposit QR codes, the devnet deposit wallet) loads when a cross-chain pair is chosen
const CrossSwapCard = lazy(() => import('../features/cross').then((m) => ({ default: m.CrossSwapCard })))

/**
 * The trade flow for the chosen chains: the single-chain swap card when the destination is the source and
 * the source is an EVM chain, the cross-chain card when a provider serves the two chains; otherwise a plain note that the app has no flow for that pair yet (nothing is
 * offered that does not work). In the widget, only flows its configuration allows.
 */
export function TradePanel({
  source,
  destination,
  embed = false,
}: {
  source: ChainRecord
  destination: ChainRecord
  embed?: boolean
}) {
  const widgetConfig = useWidget()?.config
  if (
    destination.chainId === source.chainId &&
    getChainFamily(source) === 'evm' &&
    isWidgetFlowAllowed(widgetConfig, 'singleChain')
  )
    return <SwapCard key={source.chainId} chain={source} embed={embed} />
  const crossFlow =
    getChainFamily(source) === 'evm' && getChainFamily(destination) === 'evm' ? 'crossChain' : 'utxo'
  if (hasCrossFlowBetween(source, destination) && isWidgetFlowAllowed(widgetConfig, crossFlow))
    return (
      <Suspense
        fallback={
          <section aria-label="Swap" aria-busy="true" className="rounded-2xl border border-line bg-card p-4">
            <Skeleton className="h-40 w-full" />
          </section>
        }
      >
        <CrossSwapCard
          key={`${source.chainId}:${destination.chainId}`}
          source={source}
          destination={destination}
        />
      </Suspense>
    )
  return (
    <section aria-label="Swap" className="self-start rounded-2xl border border-line bg-card p-4 shadow-sm">
      <p role="status" className="text-sm text-muted">
        {destination.chainId === source.chainId
          ? `Swaps on ${source.name} are not available in this app yet.`
          : `Swaps from ${source.name} to ${destination.name} are not available in this app yet.`}
      </p>
    </section>
  )
}
