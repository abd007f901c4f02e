import type { Address } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { findBestRoutePerExchange, RoutingError } from '../routing'
import { type RouteStepPlan, STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { singlePathRequest } from './singlePathRequest'

/**
 * The best single path between two ERC-20s (the wrapped native for native currency) within each exchange of a
 * chain, on its current pool snapshot, best first, as hops that spend all they hold (the plans a bridge's swap
 * takes: `planPathSteps`, `planOriginSwapForOutput`). `amount` is the input for `exactIn`, the output for
 * `exactOut`. Exchanges that cannot route the pair are left out; empty when none can.
 */
export function listSinglePathsPerExchange(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; tradeType: 'exactIn' | 'exactOut'; amount: bigint },
): { exchangeId: string; plan: RouteStepPlan[] }[] {
  let found: ReturnType<typeof findBestRoutePerExchange>
  try {
    found = findBestRoutePerExchange(singlePathRequest(market, params))
  } catch (error: unknown) {
    // a pair the router refuses outright (a direction it does not take): no alternatives
    if (error instanceof RoutingError) return []
    throw error
  }
  return found.flatMap(({ exchangeId, route }) => {
    const [leg] = route.legs
    if (leg === undefined || route.legs.length !== 1) return []
    return [
      {
        exchangeId,
        plan: leg.hops.map((hop) => ({
          pool: hop.pool,
          tokenIn: hop.tokenIn,
          tokenOut: hop.tokenOut,
          share: STEP_SHARE_ONE,
        })),
      },
    ]
  })
}
