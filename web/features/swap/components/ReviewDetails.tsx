import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import type { SingleQuote } from '../types'
import { getQuoteName } from './QuoteList'

/** The terms of a quote under review: amounts, minimum received or maximum sold, fees, impact, slippage, route. */
export function ReviewDetails({ quote, autoSlippage }: { quote: SingleQuote; autoSlippage: boolean }) {
  const exactIn = quote.tradeType === 0
  const from = quote.tokenFrom
  const to = quote.tokenTo
  const fmt = (amount: string, decimals: number) => formatTokenAmount({ amount: BigInt(amount), decimals })
  const impactLevel = getPriceImpactLevel(quote.priceImpact)
  const rows: [string, string][] = [
    ['You pay', `${exactIn ? '' : '≈ '}${fmt(quote.fromTokenAmount, from.decimals)} ${from.symbol}`],
    ['You receive', `${exactIn ? '≈ ' : ''}${fmt(quote.toTokenAmount, to.decimals)} ${to.symbol}`],
    exactIn
      ? ['Minimum received', `${fmt(quote.deltaAmount, to.decimals)} ${to.symbol}`]
      : ['Maximum sold', `${fmt(quote.deltaAmount, from.decimals)} ${from.symbol}`],
    ['Price impact', `${quote.priceImpact.toFixed(2)}%`],
    ['Max slippage', `${quote.slippage}%${autoSlippage ? ' (auto)' : ''}`],
    ['Network fee', formatUsd({ value: quote.gasCostUsd }) ?? `${quote.gasUnits} gas`],
    ['Fee', BigInt(quote.fee) === 0n ? 'None' : `${fmt(quote.fee, to.decimals)} ${to.symbol}`],
    ['Route', getQuoteName(quote)],
  ]
  return (
    <dl className="divide-y divide-line rounded-xl border border-line text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 px-3 py-2">
          <dt className="text-muted">{term}</dt>
          <dd
            className={`text-right font-medium tabular-nums ${term === 'Price impact' && impactLevel !== 'low' ? 'text-danger' : ''}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
