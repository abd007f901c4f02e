import { compareRoutes } from './compareRoutes'
import {
  type FindBestRouteParams,
  findExchangeRoute,
  isNoRouteError,
  listExchangeIds,
  searchPooledRoute,
  soleExchangeOf,
} from './findBestRoute'
import { RoutingError } from './RoutingError'
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
 * A share of one request's routing that a thread can do alone: the search over all its pools together, and
 * the searches over each of some exchanges' pools. A request's parts together (see splitRouteRequest) give the
 * same routes as `findRoutes`, so two idle threads can answer one request in about half the time.
 */
export interface RoutePart {
  readonly pooled: boolean
  readonly exchangeIds: readonly string[]
  /** On the pooled part: the request's exchange when its pools are of one exchange only (its route is the pooled one). */
  readonly onlyExchangeId?: string
}

/** What a part found: the pooled route (or why there is none) and each exchange's route that exists. */
export interface FoundRoutePart {
  readonly pooled?: Route
  readonly noRoute?: RoutingError
  readonly perExchange: readonly { readonly exchangeId: string; readonly route: Route }[]
  /** The part's `onlyExchangeId`. */
  readonly onlyExchangeId?: string
}

/**
 * The parts of a request, for `ways` threads (1 or 2): one part with everything, or the pooled search apart
 * from the per-exchange searches. With a single exchange the pooled route is that exchange's route, so there
 * is nothing to split and no per-exchange search to run.
 */
export function splitRouteRequest(params: FindBestRouteParams, ways: number): RoutePart[] {
  const exchangeIds = listExchangeIds(params)
  const searched = exchangeIds.length > 1 ? exchangeIds : []
  const only = exchangeIds.length === 1 ? { onlyExchangeId: exchangeIds[0] } : {}
  if (ways < 2 || searched.length === 0) return [{ pooled: true, exchangeIds: searched, ...only }]
  return [
    { pooled: true, exchangeIds: [] },
    { pooled: false, exchangeIds: searched },
  ]
}

/**
 * Runs one part. Throws the RoutingError of an invalid request (INVALID_PARAMS, UNSUPPORTED_DIRECTION); a
 * pooled search that finds no route reports it in `noRoute`, an exchange that cannot route is left out.
 */
export function findRoutePart(params: FindBestRouteParams, part: RoutePart): FoundRoutePart {
  let pooled: Route | undefined
  let noRoute: RoutingError | undefined
  if (part.pooled) {
    try {
      pooled = searchPooledRoute(params)
    } catch (error: unknown) {
      if (!isNoRouteError(error)) throw error
      noRoute = error
    }
  }
  const perExchange: { exchangeId: string; route: Route }[] = []
  // a pooled route over one exchange's pools is that exchange's route (see combineRouteParts): not searched again
  const sole = pooled && soleExchangeOf(pooled)
  for (const exchangeId of part.exchangeIds) {
    if (exchangeId === sole) continue
    const route = findExchangeRoute(params, exchangeId)
    if (route) perExchange.push({ exchangeId, route })
  }
  return {
    pooled,
    noRoute,
    perExchange,
    ...(part.onlyExchangeId ? { onlyExchangeId: part.onlyExchangeId } : {}),
  }
}

/**
 * The routes of a request from all its parts (in the order `splitRouteRequest` gave them): the best of the
 * pooled route and every exchange's route (the pooled one on ties), and with `perExchange` each exchange's
 * route best first (the request's only exchange: the pooled route). Throws the pooled search's error when
 * nothing routes.
 */
export function combineRouteParts(
  parts: readonly FoundRoutePart[],
  options: { perExchange: boolean },
): FoundRoutes {
  const pooledPart = parts.find((p) => p.pooled !== undefined || p.noRoute !== undefined)
  const pooled = pooledPart?.pooled
  // a pooled route over the pools of one exchange stands for that exchange's route (a search of its pools alone
  // would find a route at most as good, but for the heuristics' noise), whether or not a part searched it
  const sole = pooled && soleExchangeOf(pooled)
  const exchangeRoutes = parts.flatMap((p) => p.perExchange).filter((e) => e.exchangeId !== sole)
  let best = pooled
  for (const { route } of exchangeRoutes) if (!best || compareRoutes(route, best) < 0) best = route
  if (!best) throw pooledPart?.noRoute ?? new RoutingError('NO_ROUTE', 'no route')
  if (!options.perExchange) return { best, perExchange: [] }
  const only = pooledPart?.onlyExchangeId
  const listed =
    only !== undefined && pooled
      ? [{ exchangeId: only, route: pooled }]
      : sole !== undefined && pooled
        ? [...exchangeRoutes, { exchangeId: sole, route: pooled }]
        : [...exchangeRoutes]
  return { best, perExchange: listed.sort((a, b) => compareRoutes(a.route, b.route)) }
}

/**
 * The best route of a request and, with `perExchange`, the best route of each exchange (sharing the request's
 * `hopCache`: its simulators and route memo, hop results only within this request), exactly as `quote/single`
 * lists them. The one routing entry point of quoting, in-process and in the routing worker threads alike
 * (there possibly as two parts on two threads, combined), so all answer to the wei. Throws RoutingError as
 * `findBestRoute` does.
 */
export function findRoutes(params: FindBestRouteParams, options: { perExchange: boolean }): FoundRoutes {
  const hopCache = params.hopCache?.forRequest()
  const request = hopCache ? { ...params, hopCache } : params
  const parts = splitRouteRequest(request, 1).map((part) => findRoutePart(request, part))
  return combineRouteParts(parts, options)
}
