import { useId } from 'react'
import { formatPercent } from '../../../lib/formatPercent'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import { priceImpactConfirmWord } from '../model/isPriceImpactConfirmed'

/**
 * A review's gravest warning: at a high price impact (percent) it says how much may be lost and asks the user
 * to type the confirmation word (`isPriceImpactConfirmed` decides whether the button acts); otherwise nothing.
 */
export function PriceImpactConfirm({
  percent,
  typed,
  onTypedChange,
}: {
  percent: number
  typed: string
  onTypedChange: (typed: string) => void
}) {
  const confirmId = useId()
  if (getPriceImpactLevel(percent) !== 'high') return null
  return (
    <div className="space-y-1 rounded-xl border border-danger/40 p-3 text-sm">
      <p className="font-semibold text-danger">
        Price impact is {formatPercent({ value: percent, minimumFractionDigits: 2 })}: you may lose a large
        part of the value.
      </p>
      <label htmlFor={confirmId}>Type “{priceImpactConfirmWord}” to swap anyway</label>
      <input
        id={confirmId}
        value={typed}
        autoComplete="off"
        onChange={(event) => onTypedChange(event.target.value)}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2"
      />
    </div>
  )
}
