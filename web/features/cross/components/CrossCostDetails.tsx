import { formatPercent } from '../../../lib/formatPercent'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { getPriceImpactLevel } from '../../swap'
import type { CrossFeeRow } from '../model/computeCrossFeesUsd'

const feeNames: Record<string, string> = {
  protocol: 'Bridge fee',
  gas: 'Destination gas',
  relayer: 'Relayer fee',
  liquidity: 'Liquidity fee',
  integrator: 'Integrator fee',
}

/**
 * What an offer costs and guarantees, as the single-chain review states it: the minimum received (rounded down),
 * the price impact (coloured by the same levels), the slippage asked, and each fee with its USD value, then
 * their total. Drawn on the card under the offers and in the review.
 */
export function CrossCostDetails(props: {
  minimumReceived: bigint
  to: { symbol: string; decimals: number }
  /** Percent; undefined when a side is unpriced. */
  priceImpact: number | undefined
  slippagePercent: number
  autoSlippage: boolean
  fees: { rows: CrossFeeRow[]; totalUsd: number | undefined }
}) {
  const { to, priceImpact, fees } = props
  const level = priceImpact === undefined ? undefined : getPriceImpactLevel(priceImpact)
  const impactClass = level === undefined ? '' : { low: '', medium: 'text-warn', high: 'text-danger' }[level]
  const rows: [string, string, string?][] = [
    [
      'Minimum received',
      `${formatTokenAmount({ amount: props.minimumReceived, decimals: to.decimals, roundingMode: 'trunc' })} ${to.symbol}`,
    ],
    [
      'Price impact',
      priceImpact === undefined ? 'Unknown' : formatPercent({ value: priceImpact, minimumFractionDigits: 2 }),
      impactClass,
    ],
    [
      'Max slippage',
      `${formatPercent({ value: props.slippagePercent, maximumFractionDigits: 2 })}${props.autoSlippage ? ' (auto)' : ' (custom)'}`,
    ],
    ...fees.rows.map((fee): [string, string] => [
      feeNames[fee.kind] ?? fee.kind,
      fee.token === undefined
        ? 'Unpriced'
        : `${formatUsd({ value: fee.usd }) ?? 'Unpriced'} (${formatTokenAmount({ amount: fee.amount, decimals: fee.token.decimals, roundingMode: 'ceil' })} ${fee.token.symbol})`,
    ]),
    ['Fees in total', fees.rows.length === 0 ? 'None' : (formatUsd({ value: fees.totalUsd }) ?? 'Unknown')],
  ]
  return (
    <dl
      aria-label="Cost of this offer"
      className="divide-y divide-line rounded-xl border border-line text-sm"
    >
      {rows.map(([term, value, className]) => (
        <div key={term} className="flex justify-between gap-3 px-3 py-1.5">
          <dt className="shrink-0 text-muted">{term}</dt>
          <dd className={`min-w-0 break-words text-right font-medium tabular-nums ${className ?? ''}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
