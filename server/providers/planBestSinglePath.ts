import type { Address } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { findBestRoute } from '../routing'
import { type RouteStepPlan, STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { singlePathRequest } from './singlePathRequest'

/**
 * The hops of the best single path between two ERC-20s (the wrapped native for native currency) on a chain's
 * current pool snapshot, through its stable, major and wrapped-native connectors, each hop spending all it
 * holds (the plan `quoteRouteSteps` prices and `toContractSteps` encodes). `amount` is the input for
 * `exactIn`, the output for `exactOut`. Throws RoutingError when no path exists.
 */
export function planBestSinglePath(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; tradeType: 'exactIn' | 'exactOut'; amount: bigint },
): { plan: RouteStepPlan[]; amountIn: bigint } {
  const route = findBestRoute(singlePathRequest(market, params))
  const [leg] = route.legs
  if (leg === undefined) throw new Error('a route without a path')
  const plan = leg.hops.map((hop) => ({
    pool: hop.pool,
    tokenIn: hop.tokenIn,
    tokenOut: hop.tokenOut,
    share: STEP_SHARE_ONE,
  }))
  return { plan, amountIn: route.amountIn }
}
