import type { Price } from '../routing'

const SCALE = 10n ** 18n

/**
 * The market's mid price of a pair from the two tokens' USD prices (each read through the token's deepest
 * pool to a stablecoin), as tokenOut base units per tokenIn base unit. Undefined when either price is
 * missing or not positive.
 */
export function computeUsdReferenceRate(p: {
  usdIn: number | undefined
  usdOut: number | undefined
  decimalsIn: number
  decimalsOut: number
}): Price | undefined {
  if (p.usdIn === undefined || p.usdOut === undefined || !(p.usdIn > 0) || !(p.usdOut > 0)) return undefined
  const ratio = BigInt(Math.round((p.usdIn / p.usdOut) * 1e18))
  if (ratio === 0n) return undefined
  return { num: ratio * 10n ** BigInt(p.decimalsOut), den: SCALE * 10n ** BigInt(p.decimalsIn) }
}
