export type PriceImpactLevel = 'low' | 'medium' | 'high'

/** Price impact above which the review asks the user to type a confirmation (percent). */
export const priceImpactConfirmPercent = 5

/** Classifies a price impact in percent: up to 1% low, up to 5% medium, above 5% high (explicit confirmation). */
export function getPriceImpactLevel(percent: number): PriceImpactLevel {
  if (percent > priceImpactConfirmPercent) return 'high'
  if (percent > 1) return 'medium'
  return 'low'
}
