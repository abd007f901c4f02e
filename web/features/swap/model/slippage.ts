import type { singleSwapLimits } from '../../../../server/quotes/singleSwapLimits'

/** Slippage setting: the quote's recommendation, or a custom percent. */
export type SlippageSetting = { mode: 'auto' } | { mode: 'custom'; percent: number }

export type SlippageWarning = 'may-fail' | 'frontrun' | undefined

/** The API's bound, typed from the server: this fails to compile when the server's bound changes. */
const maxSlippageFraction: (typeof singleSwapLimits)['maxSlippage'] = 0.2

/** Highest slippage percent the API builds a transaction for (20%). */
export const maxSlippagePercent = maxSlippageFraction * 100

/** Slippage percent requested in auto mode; the answer's own recommendation replaces it (`applySlippage`). */
export const defaultSlippagePercent = 0.5

/** Warns below 0.05% (the trade may fail) and above 5% (the trade may be frontrun). */
export function getSlippageWarning(percent: number): SlippageWarning {
  if (percent < 0.05) return 'may-fail'
  if (percent > 5) return 'frontrun'
  return undefined
}

/** Parses the custom slippage field (percent, e.g. "0.3"); undefined unless 0 < value <= `maxSlippagePercent`. */
export function parseSlippagePercent(text: string): number | undefined {
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text.trim())) return undefined
  const value = Number(text)
  return value > 0 && value <= maxSlippagePercent ? value : undefined
}
