import { lendJsonBytes } from '../http/jsonText'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import { answerSingleQuotes, draftSingleQuotes } from '../quotes/answerSingleQuotes'
import { findRoutes, type HopCache, type RouteRequest } from '../routing'
import type { QuoteEngine } from './quoteEngine'

/**
 * The quote engine of one chain on the event loop: routes with `hopCache`, whose route plans of the pools routed
 * on before are carried to each newer snapshot's pools (as the routing workers do).
 */
export function createLocalQuoteEngine(hopCache: HopCache): QuoteEngine {
  let routedPools: PoolSnapshot['pools'] | undefined
  const find = (snapshot: PoolSnapshot, request: RouteRequest, options: { perExchange: boolean }) => {
    if (routedPools && routedPools !== snapshot.pools) hopCache.carryPlans(routedPools, snapshot.pools)
    routedPools = snapshot.pools
    return findRoutes({ ...request, pools: snapshot.pools, hopCache }, options)
  }
  return {
    findRoutes: async (snapshot, request, options) => find(snapshot, request, options),
    answerQuotes: async (snapshot, request, options, job, view) =>
      lendJsonBytes(answerSingleQuotes(view, job, find(snapshot, request, options))),
    draftQuotes: async (snapshot, request, options, job, view) =>
      draftSingleQuotes(view, job, find(snapshot, request, options)),
  }
}
