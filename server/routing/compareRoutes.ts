import type { Route } from './types'

/**
 * Sort comparator, best first: exactIn by receiver amount minus gas cost (higher wins), exactOut by input plus
 * gas cost (lower wins). Both routes must have the same trade type and tokens.
 */
export function compareRoutes(a: Route, b: Route): number {
  const d = score(b) - score(a)
  return d > 0n ? 1 : d < 0n ? -1 : 0
}

function score(r: Route): bigint {
  return r.tradeType === 'exactIn' ? r.amountOut - r.gasCostInToken : -(r.amountIn + r.gasCostInToken)
}
