import type { TokenTag } from '../chains/deployment'

/**
 * Recommended slippage in percent: 0.1 for two stablecoins, 1 when either side is long-tail, else 0.5, plus a
 * tenth of the route's price impact (in percent, at most 2). Transfer taxes are not added: quotes are already
 * net of them, and adding them again would hand a sandwich bot the tax.
 * At most 3, below the 5% warning threshold of `singleSwapLimits`; rounded to 0.01.
 */
export function computeRecommendedSlippage(p: {
  tagsIn: readonly TokenTag[]
  tagsOut: readonly TokenTag[]
  priceImpact: number
}): number {
  const base = [...p.tagsIn, ...p.tagsOut].includes('long-tail')
    ? 1
    : p.tagsIn.includes('stable') && p.tagsOut.includes('stable')
      ? 0.1
      : 0.5
  const impactTerm = Math.min(Math.max(p.priceImpact, 0) * 100 * 0.1, 2)
  return Math.round((base + impactTerm) * 100) / 100
}
