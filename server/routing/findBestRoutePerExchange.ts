import { compareRoutes } from './compareRoutes'
import { type FindBestRouteParams, findExchangeRoute, listExchangeIds } from './findBestRoute'
import type { Route } from './types'

/**
 * The best route restricted to each exchange (one quote per exchange, as the API lists them), best first.
 * Exchanges that cannot route the trade are left out; an empty array means no exchange can. With the
 * `hopCache` that `findBestRoute` used for the same request, these routes come from its memo.
 * Rethrows RoutingError UNSUPPORTED_DIRECTION / INVALID_PARAMS (they do not depend on the exchange).
 */
export function findBestRoutePerExchange(
  params: FindBestRouteParams,
): { exchangeId: string; route: Route }[] {
  const results: { exchangeId: string; route: Route }[] = []
  for (const exchangeId of listExchangeIds(params)) {
    const route = findExchangeRoute(params, exchangeId)
    if (route) results.push({ exchangeId, route })
  }
  return results.sort((a, b) => compareRoutes(a.route, b.route))
}
