import type { ReactNode } from 'react'
import { TokenIcon } from '../../../components/TokenIcon'
import type { TokenRecord } from '../../../lib/api'
import { formatPercent } from '../../../lib/formatPercent'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { computeExchangeRate } from '../model/computeExchangeRate'
import { formatExchangeRate } from '../model/formatExchangeRate'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import { getWrapKind } from '../model/getWrapKind'
import type { SingleQuote } from '../types'
import { getQuoteName } from './QuoteList'
import { RouteDetails } from './RouteDetails'

export interface ReviewDetailsProps {
  quote: SingleQuote
  autoSlippage: boolean
  /** The chain's native coin, to state the network fee in it. */
  nativeCurrency: { symbol: string; decimals: number }
  /** Known tokens, to name the route's hops. */
  tokens: readonly TokenRecord[]
}

/**
 * The terms of a quote under review: both amounts with logos and USD values, rate, minimum received or maximum
 * sold, impact (coloured by level), slippage, network fee (USD and native), pool fees, fee, route. Quoted outputs and guarantees round in the user's disfavour (down for what
 * is received, up for what is sold), so the screen never promises more than the transaction enforces.
 */
export function ReviewDetails({ quote, autoSlippage, nativeCurrency, tokens }: ReviewDetailsProps) {
  const exactIn = quote.tradeType === 0
  // a wrap or unwrap is 1:1 to the wei: no estimate, no minimum, no impact, no slippage
  const wrap = getWrapKind(quote) !== undefined
  const about = wrap ? '' : '≈ '
  const from = quote.tokenFrom
  const to = quote.tokenTo
  const fmt = (amount: string | bigint, decimals: number, roundingMode: 'trunc' | 'ceil') =>
    formatTokenAmount({ amount: BigInt(amount), decimals, roundingMode })
  const impactLevel = getPriceImpactLevel(quote.priceImpact)
  const rate = computeExchangeRate({
    amountIn: BigInt(quote.fromTokenAmount),
    decimalsIn: from.decimals,
    amountOut: BigInt(quote.toTokenAmount),
    decimalsOut: to.decimals,
  })
  const gasNative = `${fmt(quote.gasCostWei, nativeCurrency.decimals, 'ceil')} ${nativeCurrency.symbol}`
  const gasUsd = formatUsd({ value: quote.gasCostUsd })
  const amounts = [
    {
      term: 'You pay',
      token: from,
      text: `${exactIn ? '' : about}${fmt(quote.fromTokenAmount, from.decimals, 'ceil')} ${from.symbol}`,
      usd: formatUsd({ value: quote.amountInUsd }),
    },
    {
      term: 'You receive',
      token: to,
      text: `${exactIn ? about : ''}${fmt(quote.toTokenAmount, to.decimals, 'trunc')} ${to.symbol}`,
      usd: formatUsd({ value: quote.amountOutUsd }),
    },
  ]
  const rows: [string, ReactNode][] = [
    ...(rate === undefined
      ? []
      : [['Rate', `1 ${from.symbol} = ${formatExchangeRate({ rate })} ${to.symbol}`] as [string, string]]),
    ...((wrap
      ? []
      : [
          exactIn
            ? ['Minimum received', `${fmt(quote.deltaAmount, to.decimals, 'trunc')} ${to.symbol}`]
            : ['Maximum sold', `${fmt(quote.deltaAmount, from.decimals, 'ceil')} ${from.symbol}`],
          ['Price impact', formatPercent({ value: quote.priceImpact, minimumFractionDigits: 2 })],
          [
            'Max slippage',
            `${formatPercent({ value: quote.slippage, maximumFractionDigits: 2 })}${autoSlippage ? ' (auto)' : ' (custom)'}`,
          ],
        ]) as [string, string][]),
    ['Network fee', gasUsd === undefined ? gasNative : `${gasUsd} (${gasNative})`],
    [
      'Pool fees',
      `${formatPercent({ value: quote.lpFeePercent, maximumFractionDigits: 2 })}: ${fmt(quote.lpFeeAmount, to.decimals, 'ceil')} ${to.symbol}, included in the rate`,
    ],
    ['Fee', BigInt(quote.fee) === 0n ? 'None' : `${fmt(quote.fee, to.decimals, 'ceil')} ${to.symbol}`],
    ['Route', <RouteDetails key="route" quote={quote} tokens={tokens} name={getQuoteName(quote)} />],
  ]
  const impactClass = { low: 'text-accent', medium: 'text-warn', high: 'text-danger' }[impactLevel]
  return (
    <div className="space-y-3">
      <dl className="space-y-1">
        {amounts.map((row) => (
          <div key={row.term} className="rounded-xl bg-surface px-3 py-2">
            <dt className="text-xs font-medium text-muted">{row.term}</dt>
            <dd className="flex min-w-0 items-center gap-2 text-lg font-semibold tabular-nums">
              <TokenIcon symbol={row.token.symbol} logo={row.token.logo} size={28} />
              <span className="min-w-0 break-all">{row.text}</span>
            </dd>
            {row.usd !== undefined && <dd className="pl-9 text-xs text-muted tabular-nums">{row.usd}</dd>}
          </div>
        ))}
      </dl>
      <dl className="divide-y divide-line rounded-xl border border-line text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3 px-3 py-2">
            <dt className="shrink-0 text-muted">{term}</dt>
            <dd
              className={`min-w-0 break-words text-right font-medium tabular-nums ${term === 'Price impact' ? impactClass : ''}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
