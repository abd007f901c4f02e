import { describeQuoteRoute } from '../model/describeQuoteRoute'
import { INLINE_ROUTE_LEGS, summarizeRoute } from '../model/summarizeRoute'
import type { SingleQuote } from '../types'

/**
 * A quote's route in the review: one line (see `describeQuoteRoute`); a split of more than `INLINE_ROUTE_LEGS`
 * legs also lists its legs, collapsed until asked for (share, hops, exchange each).
 */
export function RouteDetails({
  quote,
  tokens,
  name,
}: {
  quote: Pick<SingleQuote, 'protocol' | 'transactionData' | 'tokenFrom' | 'tokenTo'>
  tokens: readonly { address: string; symbol: string }[]
  /** The quote's exchange or "Best route", said before the route. */
  name: string
}) {
  const line = `${name}: ${describeQuoteRoute({ quote, tokens })}`
  const { legs } = summarizeRoute({ protocol: quote.protocol, tokens })
  if (legs.length <= INLINE_ROUTE_LEGS) return line
  return (
    <details className="text-right">
      <summary className="cursor-pointer">{line}</summary>
      <ol aria-label="Route legs" className="mt-2 space-y-1 text-left text-xs font-normal">
        {legs.map((leg, index) => (
          // legs have no identity of their own but their place in the route
          // biome-ignore lint/suspicious/noArrayIndexKey: the route's legs never reorder
          <li key={index} className="flex items-center gap-2">
            <span className="w-12 shrink-0 text-right tabular-nums">{leg.share}</span>
            <span className="min-w-0 flex-1 truncate">{leg.path}</span>
            <span className="shrink-0 text-muted">{leg.exchange}</span>
          </li>
        ))}
      </ol>
    </details>
  )
}
