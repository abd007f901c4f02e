import { ChevronDown, ChevronUp } from 'lucide-react'
import { useId, useState } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { formatPercent } from '../../../lib/formatPercent'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { describeQuoteRoute } from '../model/describeQuoteRoute'
import { getNetAfterGasUsd } from '../model/getNetAfterGasUsd'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import { getWrapKind } from '../model/getWrapKind'
import { selectShownQuotes } from '../model/selectShownQuotes'
import type { SingleQuote } from '../types'

/** Human name of a quote's exchange: the aggregate is "Best route"; a wrap or unwrap is "Wrap" / "Unwrap". */
export function getQuoteName(quote: SingleQuote): string {
  if (getWrapKind(quote) !== undefined) return quote.protocol[0]?.name ?? 'Wrap'
  if (quote.exchangeId === 'best') return 'Best route'
  return quote.protocol[0]?.name ?? quote.exchangeId
}

/**
 * Every exchange's quote side by side as a radio group (output, its USD value, gas cost, the net after gas,
 * price impact, route); the best after gas (the API ranks on output net of gas) is marked, the chosen one is
 * what the review will use. Only the best and the chosen quote show until "Show n more quotes" is pressed, so
 * the card stays short.
 */
export function QuoteList({
  quotes,
  selectedId,
  onSelect,
  tokens,
}: {
  quotes: readonly SingleQuote[]
  selectedId: string
  onSelect: (exchangeId: string) => void
  tokens: readonly TokenRecord[]
}) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  const { shown, hiddenCount } = selectShownQuotes({ quotes, selectedId, expanded })
  const canToggle = expanded ? quotes.length > 1 : hiddenCount > 0
  return (
    <fieldset id={listId} className="min-w-0 space-y-2">
      <legend className="mb-1 text-xs font-medium text-muted">Quotes by exchange</legend>
      {shown.map((quote) => {
        const exactIn = quote.tradeType === 0
        const token = exactIn ? quote.tokenTo : quote.tokenFrom
        const amount = BigInt(exactIn ? quote.toTokenAmount : quote.fromTokenAmount)
        const usd = formatUsd({ value: exactIn ? quote.amountOutUsd : quote.amountInUsd })
        const gas = formatUsd({ value: quote.gasCostUsd })
        const selected = quote.exchangeId === selectedId
        const impactHigh = getPriceImpactLevel(quote.priceImpact) !== 'low'
        const net = formatUsd({ value: getNetAfterGasUsd(quote) })
        return (
          <label
            key={quote.exchangeId}
            className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${selected ? 'border-accent bg-accent/5' : 'border-line'} ${quote.isBest ? 'ring-1 ring-accent/40' : ''}`}
          >
            <input
              type="radio"
              name="quote"
              value={quote.exchangeId}
              checked={selected}
              onChange={() => onSelect(quote.exchangeId)}
              className="mt-1 accent-[var(--accent)]"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center justify-between gap-x-2">
                <span className="font-semibold">
                  {getQuoteName(quote)}
                  {quote.isBest && getWrapKind(quote) === undefined && (
                    <span className="ml-2 whitespace-nowrap rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                      Best after gas
                    </span>
                  )}
                </span>
                <span className="min-w-0 break-all font-semibold tabular-nums" data-testid="quote-amount">
                  {exactIn ? '' : 'Pay '}
                  {formatTokenAmount({
                    amount,
                    decimals: token.decimals,
                    roundingMode: exactIn ? 'trunc' : 'ceil',
                  })}{' '}
                  {token.symbol}
                </span>
              </span>
              <span className="mt-1 flex flex-wrap justify-between gap-x-3 whitespace-nowrap text-xs text-muted tabular-nums">
                <span>{usd === undefined ? '' : `≈ ${usd}`}</span>
                <span>Gas {gas ?? '—'}</span>
                {net !== undefined && (
                  <span data-testid="quote-net">
                    {exactIn ? 'Net' : 'Total cost'} {net}
                  </span>
                )}
                <span className={impactHigh ? 'font-semibold text-danger' : ''}>
                  Impact {formatPercent({ value: quote.priceImpact, minimumFractionDigits: 2 })}
                </span>
              </span>
              <span className="mt-1 block break-words text-xs text-muted">
                {describeQuoteRoute({ quote, tokens })}
              </span>
            </span>
          </label>
        )
      })}
      {canToggle && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="flex w-full items-center justify-center gap-1 rounded-lg py-1 text-xs font-medium text-muted hover:text-fg"
        >
          {expanded ? (
            <>
              Show fewer quotes <ChevronUp aria-hidden="true" className="h-4 w-4" />
            </>
          ) : (
            <>
              Show {hiddenCount} more {hiddenCount === 1 ? 'quote' : 'quotes'}{' '}
              <ChevronDown aria-hidden="true" className="h-4 w-4" />
            </>
          )}
        </button>
      )}
    </fieldset>
  )
}
