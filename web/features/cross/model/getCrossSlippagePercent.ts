import type { SlippageSetting } from '../../swap'

/**
 * Slippage the cross-chain card asks of every provider: auto is 1%, not the single-chain quote's own
 * recommendation (a cross-chain answer carries none); a custom value is the user's, shared with the swap card's
 * settings.
 */
export const crossAutoSlippagePercent = 1

/** The slippage percent of a cross-chain quote for `setting`. */
export function getCrossSlippagePercent(setting: SlippageSetting): number {
  return setting.mode === 'custom' ? setting.percent : crossAutoSlippagePercent
}
