import type { Address } from 'viem'
import type { Hop, Leg, PoolState, Route } from '../routing'
import { RoutingError } from '../routing'
import type { FoundRoutePart } from '../routing/findRoutes'
import type { RouteStepQuote } from '../routing/quoteRouteSteps'

/** A hop as it crosses a thread boundary: its pool by address (both threads hold the same snapshot). */
export type WireHop = Omit<Hop, 'pool'> & { readonly pool: Address }
export type WireLeg = Omit<Leg, 'hops'> & { readonly hops: readonly WireHop[] }
export type WireStep = Omit<RouteStepQuote, 'pool'> & { readonly pool: Address }
export type WireRoute = Omit<Route, 'legs' | 'steps'> & {
  readonly legs: readonly WireLeg[]
  readonly steps?: readonly WireStep[]
}

/** `FoundRoutePart` with pools by address, or the routing error of an invalid request, as a worker answers. */
export type WireRoutePart =
  | {
      readonly ok: true
      readonly pooled?: WireRoute
      readonly noRoute?: { readonly code: RoutingError['code']; readonly message: string }
      readonly perExchange: readonly { readonly exchangeId: string; readonly route: WireRoute }[]
      readonly onlyExchangeId?: string
    }
  | { readonly ok: false; readonly code: RoutingError['code']; readonly message: string }

/** `part` for posting to another thread: each pool object replaced by its address (a small message). */
export function toWireRoutePart(part: FoundRoutePart): WireRoutePart {
  return {
    ok: true,
    ...(part.pooled ? { pooled: toWireRoute(part.pooled) } : {}),
    ...(part.noRoute ? { noRoute: { code: part.noRoute.code, message: part.noRoute.message } } : {}),
    perExchange: part.perExchange.map((r) => ({ exchangeId: r.exchangeId, route: toWireRoute(r.route) })),
    ...(part.onlyExchangeId ? { onlyExchangeId: part.onlyExchangeId } : {}),
  }
}

/**
 * The part of a worker's answer over this thread's pool objects (`pools`: the snapshot the request was routed
 * on, by address). Throws the RoutingError a worker reported, and an Error naming a pool the snapshot lacks
 * (a worker routed on another snapshot: a bug).
 */
export function fromWireRoutePart(
  wire: WireRoutePart,
  pools: ReadonlyMap<Address, PoolState>,
): FoundRoutePart {
  if (!wire.ok) throw new RoutingError(wire.code, wire.message)
  const pool = (address: Address): PoolState => {
    const found = pools.get(address)
    if (!found) throw new Error(`routing worker answered with pool ${address}, absent from the snapshot`)
    return found
  }
  const route = (r: WireRoute): Route => {
    const { steps, legs, ...rest } = r
    return {
      ...rest,
      legs: legs.map((leg) => ({ ...leg, hops: leg.hops.map((hop) => ({ ...hop, pool: pool(hop.pool) })) })),
      ...(steps ? { steps: steps.map((step) => ({ ...step, pool: pool(step.pool) })) } : {}),
    }
  }
  return {
    ...(wire.pooled ? { pooled: route(wire.pooled) } : {}),
    ...(wire.noRoute ? { noRoute: new RoutingError(wire.noRoute.code, wire.noRoute.message) } : {}),
    perExchange: wire.perExchange.map((r) => ({ exchangeId: r.exchangeId, route: route(r.route) })),
    ...(wire.onlyExchangeId ? { onlyExchangeId: wire.onlyExchangeId } : {}),
  }
}

function toWireRoute(route: Route): WireRoute {
  const { steps, legs, ...rest } = route
  return {
    ...rest,
    legs: legs.map((leg) => ({
      ...leg,
      hops: leg.hops.map((hop) => ({ ...hop, pool: hop.pool.address })),
    })),
    ...(steps ? { steps: steps.map((step) => ({ ...step, pool: step.pool.address })) } : {}),
  }
}
