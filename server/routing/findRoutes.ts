import { type FindBestRouteParams, findBestRoute } from './findBestRoute'
import { findBestRoutePerExchange } from './findBestRoutePerExchange'
import type { Route } from './types'

/** The routes one quote request lists: the best over every exchange, then the best of each exchange. */
export interface FoundRoutes {
  best: Route
  /** Best first; empty when not asked for. */
  perExchange: { exchangeId: string; route: Route }[]
}

/** What decides a request's routes, but the pools and what only lives in one thread (memo, callbacks). */
export type RouteRequest = Omit<
  FindBestRouteParams,
  'pools' | 'hopCache' | 'onSearchStats' | 'onFlowSearchStats'
>

/**
 * The best route of a request and, with `perExchange`, the best route of each exchange (sharing the request's
 * `hopCache`: its simulators and route memo, hop results only within this request), exactly as `quote/single`
 * lists them. The one routing entry point of quoting, in-process and in
 * the routing worker threads alike, so both answer to the wei. Throws RoutingError as `findBestRoute` does.
 */
export function findRoutes(params: FindBestRouteParams, options: { perExchange: boolean }): FoundRoutes {
  const hopCache = params.hopCache?.forRequest()
  const request = hopCache ? { ...params, hopCache } : params
  const best = findBestRoute(request)
  return { best, perExchange: options.perExchange ? findBestRoutePerExchange(request) : [] }
}
