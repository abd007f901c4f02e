import { formatPercent } from '../../../lib/formatPercent'
import { getSlippageWarning } from './slippage'

/**
 * The review's warning for a risky custom slippage (as the settings warn): above 5% the trade may be
 * frontrun and lose up to that share; below 0.05% it may fail. Undefined for auto or an ordinary value.
 */
export function getSlippageReviewWarning(params: {
  autoSlippage: boolean
  percent: number
}): string | undefined {
  if (params.autoSlippage) return undefined
  const warning = getSlippageWarning(params.percent)
  const percent = formatPercent({ value: params.percent, maximumFractionDigits: 2 })
  if (warning === 'frontrun')
    return `Slippage is set to ${percent}: you may receive up to ${percent} less than quoted, and the trade may be frontrun.`
  if (warning === 'may-fail')
    return `Slippage is set to ${percent}: the transaction may fail if the price moves at all.`
  return undefined
}
