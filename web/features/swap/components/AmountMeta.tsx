import { formatPercent } from '../../../lib/formatPercent'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'

/**
 * The line under an amount: its USD value, the price impact beside it when above 1% (the receive side), and the
 * wallet's balance with a Max button. The single-chain and the cross-chain cards both draw it.
 */
export function AmountMeta({
  token,
  balance,
  usdFormatted,
  priceImpact,
  onMax,
}: {
  token: { symbol: string; decimals: number } | undefined
  balance: bigint | undefined
  usdFormatted: string | undefined
  /** Percent (3 = 3%). */
  priceImpact?: number | undefined
  onMax?: (() => void) | undefined
}) {
  const impactShown =
    usdFormatted !== undefined && priceImpact !== undefined && getPriceImpactLevel(priceImpact) !== 'low'
  return (
    <div className="mt-1 flex min-h-5 flex-wrap items-center justify-between gap-2 text-xs text-muted">
      <span className="tabular-nums">
        {usdFormatted ?? ''}
        {impactShown && (
          <span className="ml-1 font-semibold text-danger">
            ({formatPercent({ value: -priceImpact, minimumFractionDigits: 2 }).replace('-', '−')} price
            impact)
          </span>
        )}
      </span>
      {token !== undefined && balance !== undefined && (
        <span className="flex items-center gap-2">
          <span className="tabular-nums">
            Balance: {formatTokenAmount({ amount: balance, decimals: token.decimals })}
          </span>
          {onMax !== undefined && balance > 0n && (
            <button
              type="button"
              onClick={onMax}
              aria-label={`Use maximum ${token.symbol} balance`}
              className="rounded px-1.5 py-0.5 font-semibold text-accent hover:bg-card"
            >
              Max
            </button>
          )}
        </span>
      )}
    </div>
  )
}
