/** Slippage setting: the quote's recommendation, or a custom percent. */
export type SlippageSetting = { mode: 'auto' } | { mode: 'custom'; percent: number }

export type SlippageWarning = 'may-fail' | 'frontrun' | undefined

/** Lowest and highest slippage percent the API accepts (0..50%). */
export const maxSlippagePercent = 50

/** Slippage percent requested in auto mode; the answer's own recommendation replaces it (`applySlippage`). */
export const defaultSlippagePercent = 0.5

/** Warns below 0.05% (the trade may fail) and above 5% (the trade may be frontrun). */
export function getSlippageWarning(percent: number): SlippageWarning {
  if (percent < 0.05) return 'may-fail'
  if (percent > 5) return 'frontrun'
  return undefined
}

/** Parses the custom slippage field (percent, e.g. "0.3"); undefined unless 0 < value <= 50. */
export function parseSlippagePercent(text: string): number | undefined {
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text.trim())) return undefined
  const value = Number(text)
  return value > 0 && value <= maxSlippagePercent ? value : undefined
}
