import { compareRoutes } from './compareRoutes'
import { type FindBestRouteParams, findBestRoute } from './findBestRoute'
import { RoutingError } from './RoutingError'
import type { Route } from './types'

/**
 * The best route restricted to each exchange (one quote per exchange, as the API lists them), best first.
 * Exchanges that cannot route the trade are left out; an empty array means no exchange can.
 * Rethrows RoutingError UNSUPPORTED_DIRECTION / INVALID_PARAMS (they do not depend on the exchange).
 */
export function findBestRoutePerExchange(
  params: FindBestRouteParams,
): { exchangeId: string; route: Route }[] {
  const excluded = new Set((params.excludedExchanges ?? []).map((e) => e.toLowerCase()))
  const allowed = params.exchangeIds ? new Set(params.exchangeIds.map((e) => e.toLowerCase())) : undefined
  const ids = [...new Set(params.pools.map((p) => p.exchangeId))].filter(
    (id) => !excluded.has(id.toLowerCase()) && (!allowed || allowed.has(id.toLowerCase())),
  )
  const results: { exchangeId: string; route: Route }[] = []
  for (const exchangeId of ids) {
    try {
      results.push({ exchangeId, route: findBestRoute({ ...params, exchangeIds: [exchangeId] }) })
    } catch (error: unknown) {
      if (
        !(error instanceof RoutingError) ||
        (error.code !== 'NO_ROUTE' && error.code !== 'INSUFFICIENT_LIQUIDITY')
      ) {
        throw error
      }
    }
  }
  return results.sort((a, b) => compareRoutes(a.route, b.route))
}
