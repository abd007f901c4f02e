import { getPriceImpactLevel } from './getPriceImpactLevel'

/** The word a high price impact asks the user to type before the swap button acts. */
export const priceImpactConfirmWord = 'confirm'

/**
 * Whether a swap with `percent` price impact may be sent: always below the high level, else only once `typed`
 * is the confirmation word (any case, surrounding spaces ignored).
 */
export function isPriceImpactConfirmed(params: { percent: number; typed: string }): boolean {
  if (getPriceImpactLevel(params.percent) !== 'high') return true
  return params.typed.trim().toLowerCase() === priceImpactConfirmWord
}
