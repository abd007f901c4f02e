import type { Price } from '../routing'

const PRECISION = 1_000_000_000n

/**
 * Price impact of a route as a fraction (0.012 = 1.2%): 1 - amountOut / (amountIn × referenceRate), where
 * `referenceRate` (tokenOut base units per tokenIn base unit) is ONE mid price for the whole request, so
 * every quote of a response is measured against the same yardstick and more output always means less impact.
 * Pass the amounts the pools see (`amountIn` after the input's transfer tax, `amountOut` before the integrator
 * fee and the output's transfer tax): taxes and the integrator fee are not impact; LP fees are (they are also
 * reported apart). Negative when the route beats the reference price. Rounded to 1e-9; 0 for a zero input.
 */
export function computeReferencePriceImpact(p: {
  amountIn: bigint
  amountOut: bigint
  referenceRate: Price
}): number {
  const ideal = p.amountIn * p.referenceRate.num
  if (ideal === 0n) return 0
  const actual = p.amountOut * p.referenceRate.den
  return Number(((ideal - actual) * PRECISION) / ideal) / Number(PRECISION)
}
