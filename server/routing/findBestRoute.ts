import type { Address } from 'viem'
import { buildPoolGraph } from './buildPoolGraph'
import { compareRoutes } from './compareRoutes'
import type { HopCache } from './createHopCache'
import type { GasModel } from './gasModel'
import { RoutingError } from './RoutingError'
import { requoteRoute } from './requoteRoute'
import { type FlowSearchStats, searchFlowRoute } from './searchFlowRoute'
import { searchRoute } from './searchRoute'
import { toFlowRoute } from './toFlowRoute'
import type { PoolState, Price, Route, TokenFacts, TradeType } from './types'

export interface FindBestRouteParams {
  /** The chain's pool snapshot. */
  pools: readonly PoolState[]
  /** ERC-20 addresses; pass the wrapped native token for native currency. */
  tokenIn: Address
  tokenOut: Address
  tradeType: TradeType
  /** exactIn: amount pulled from the sender; exactOut: net amount the receiver must get. Base units, > 0. */
  amount: bigint
  /** Intermediate tokens allowed in multi-hop paths (wrapped native, stables, majors). */
  connectors: readonly Address[]
  /** Token facts; only fee-on-transfer tokens need an entry. */
  tokens?: readonly TokenFacts[]
  /** Integrator fee on the output in bps, 0..1000. Default 0. */
  feeBps?: number
  gasPriceWei?: bigint
  /** tokenOut base units per wei of native; used to charge gas for exactIn. Without it gas is not priced. */
  nativePriceInTokenOut?: Price
  /** tokenIn base units per wei of native; used to charge gas for exactOut. */
  nativePriceInTokenIn?: Price
  /** Exchange ids or pool addresses to leave out. */
  excludedExchanges?: readonly string[]
  /** Only these exchange ids (used for the per-exchange quotes). */
  exchangeIds?: readonly string[]
  /** false: a single path. Default true. */
  isSplit?: boolean
  /** 1..3, default 3. */
  maxHops?: number
  /** Default 8 (legs are dropped again when their gas costs more than they add). */
  maxLegs?: number
  /**
   * false: the flow search runs its forward pass only, never the wide one that large trades otherwise get (after
   * the forward one, or alone when the leg search's route already shows the trade large; see searchFlowRoute).
   * The per-exchange searches run so: on the large market's cold mix no exchange's route lost more than 0.84 bp
   * by it, for a sixth of a request's routing. Default true.
   */
  wideFlowSearch?: boolean
  gasModel?: GasModel
  /** Memo of hop simulations to share with other calls over the same pool objects (see createHopCache). */
  hopCache?: HopCache
  /** Receives the search's work counters (for benchmarks). */
  onSearchStats?: (stats: RouteSearchStats) => void
  /** Receives the split-and-merge flow search's work counters (for benchmarks). */
  onFlowSearchStats?: (stats: FlowSearchStats) => void
}

/** The work of one route search. */
export interface RouteSearchStats {
  /** Candidate pool paths considered. */
  candidates: number
  /** Candidates given a concave model (the others cannot earn a share of a split). */
  modelled: number
  /** Path sets valued on the concave models. */
  setEvaluations: number
  /** Exact path quotes spent on probes and models (memoized hops included). */
  modelEvaluations: number
  /** Exact path quotes spent polishing the best sets' amounts. */
  polishEvaluations: number
}

const MAX_FEE_BPS = 1000

function invalid(message: string): RoutingError {
  return new RoutingError('INVALID_PARAMS', message)
}

function assertParams(params: FindBestRouteParams): void {
  if (params.amount <= 0n) throw invalid('amount must be positive')
  if (params.tokenIn.toLowerCase() === params.tokenOut.toLowerCase()) throw invalid('tokenIn equals tokenOut')
  const feeBps = params.feeBps ?? 0
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > MAX_FEE_BPS) throw invalid('feeBps out of range')
  const maxHops = params.maxHops ?? 3
  if (!Number.isInteger(maxHops) || maxHops < 1 || maxHops > 3) throw invalid('maxHops must be 1..3')
  const maxLegs = params.maxLegs ?? 8
  if (!Number.isInteger(maxLegs) || maxLegs < 1) throw invalid('maxLegs must be >= 1')
}

/**
 * Finds the route with the best output net of gas (exactIn) or the least input plus gas (exactOut) over pools
 * of the snapshot: paths of up to `maxHops` hops through `connectors`, split over up to `maxLegs`
 * pool-disjoint paths when that pays after gas. Never worse than the best single path, nor than the best route
 * of any one exchange of the same request (those are searched too and the best of all is returned). Amounts
 * reproduce the Aggregator to the wei, including transfer taxes of fee-on-transfer tokens and the integrator
 * fee. Pure: all inputs are parameters; with a `hopCache`, results are memoized there per pool snapshot and
 * request, so `findBestRoutePerExchange` on the same request reuses the per-exchange routes.
 * Throws RoutingError: NO_ROUTE (no path), INSUFFICIENT_LIQUIDITY (paths cannot absorb the amount),
 * UNSUPPORTED_DIRECTION (exactOut with a fee-on-transfer token), INVALID_PARAMS.
 */
export function findBestRoute(params: FindBestRouteParams): Route {
  assertParams(params)
  return memoized(params, '', () => {
    let best: Route | undefined
    let failure: unknown
    try {
      best = searchPooledRoute(params)
    } catch (error: unknown) {
      if (!isNoRouteError(error)) throw error
      failure = error
    }
    const exchangeIds = listExchangeIds(params)
    if (exchangeIds.length > 1) {
      // a pooled route over one exchange's pools stands for that exchange's (as in findRoutes' answers)
      const sole = best && soleExchangeOf(best)
      for (const exchangeId of exchangeIds) {
        if (exchangeId === sole) continue
        const route = findExchangeRoute(params, exchangeId)
        if (route && (!best || compareRoutes(route, best) < 0)) best = route
      }
    }
    if (!best) throw failure
    return best
  })
}

/**
 * The best route over all the request's pools together (the leg search and the split-and-merge flow search),
 * without the per-exchange searches `findBestRoute` adds: one share of a request's routing that a thread can run
 * alone (see findRoutePart). Memoized in `hopCache` like `findBestRoute`. Throws as `findBestRoute` does.
 */
export function searchPooledRoute(params: FindBestRouteParams): Route {
  assertParams(params)
  return memoized(params, '|pooled', () => {
    let best: Route | undefined
    let failure: unknown
    try {
      best = searchRoute(params)
    } catch (error: unknown) {
      if (!isNoRouteError(error)) throw error
      failure = error
    }
    const flow =
      params.isSplit === false
        ? null
        : searchFlowRoute(params, {
            ...(best
              ? {
                  mustBeat: best.amountOut - best.gasCostInToken,
                  foundAmountOut: best.amountOutGross,
                  foundHops: best.legs.flatMap((leg) => leg.hops),
                }
              : {}),
            wide: params.wideFlowSearch ?? true,
          })
    if (flow) {
      params.onFlowSearchStats?.(flow.stats)
      const route = toFlowRoute(params, flow)
      if (!best || compareRoutes(route, best) < 0) best = route
    }
    if (!best) throw failure
    return best
  })
}

/** The best route over one exchange's pools, or undefined when they cannot route the trade. */
export function findExchangeRoute(params: FindBestRouteParams, exchangeId: string): Route | undefined {
  assertParams(params)
  const exchangeParams = {
    ...params,
    exchangeIds: [exchangeId],
    // an exchange's route is one quote of the list, the best route's search is the pooled one: no wide pass
    wideFlowSearch: false,
    onSearchStats: undefined,
    onFlowSearchStats: undefined,
  }
  // an exchange without a pool of either token cannot route the trade whatever the amount: no search
  const { adjacency } = buildPoolGraph(exchangeParams)
  if (!adjacency.has(params.tokenIn.toLowerCase()) || !adjacency.has(params.tokenOut.toLowerCase())) {
    return undefined
  }
  try {
    return findBestRoute(exchangeParams)
  } catch (error: unknown) {
    if (!isNoRouteError(error)) throw error
    return undefined
  }
}

/**
 * Amounts within this ratio share a route plan: the route found for one is quoted exactly for the other (see
 * `memoized`). What that costs against a search of its own is second order in the ratio: shares optimal for
 * an amount 2% away lose a small fraction of a basis point.
 */
const PLAN_BUCKET_RATIO = 1.02

/**
 * `search()` through the request's memos under the request's key plus `suffix`: the route memo (this exact
 * request over these pools, when it was searched or failed), then the plan memo (a route found over these pools,
 * or carried from the last few snapshots (see `carryPlans`), for an amount, a gas price and native prices each
 * within 2%, of the same request otherwise: its legs or steps quoted exactly for this amount and these prices
 * by `requoteRoute`, no search), then the search, whose route becomes the plan of its bucket. A requoted plan
 * is not memoized: an exact repeat requotes it again, which costs less than keeping a route per request (with
 * amounts that rarely repeat, each kept route outlived two young collections and was promoted, only to be
 * dropped from the memo later; about a tenth of the routing worker's CPU).
 */
function memoized(params: FindBestRouteParams, suffix: string, search: () => Route): Route {
  const memo = params.hopCache?.routes(params.pools)
  const plans = params.hopCache?.plans(params.pools)
  if (!memo || !plans) return search()
  const request = `${routeMemoKey(params)}${suffix}`
  const key = `${params.amount}|${priceKey(params, exactPrices)}|${request}`
  const cached = memo.get(key)
  if (cached instanceof RoutingError) throw new RoutingError(cached.code, cached.message)
  if (cached) return cached
  const planKey = `~${bucketOf(params.amount)}|${priceKey(params, bucketedPrices)}|${request}`
  const plan = plans.get(planKey)
  const planned = plan ? requoteRoute(params, plan) : null
  if (planned) return planned
  try {
    const route = search()
    memo.set(key, route)
    plans.set(planKey, route)
    return route
  } catch (error: unknown) {
    if (error instanceof RoutingError) memo.set(key, error)
    throw error
  }
}

/** The exchange of every pool of a route, or undefined when its pools are of several exchanges. */
export function soleExchangeOf(route: Route): string | undefined {
  let sole: string | undefined
  for (const leg of route.legs) {
    for (const { pool } of leg.hops) {
      if (sole === undefined) sole = pool.exchangeId
      else if (pool.exchangeId !== sole) return undefined
    }
  }
  return sole
}

/** Whether an error only says that these pools cannot route the trade. */
export function isNoRouteError(error: unknown): error is RoutingError {
  return (
    error instanceof RoutingError && (error.code === 'NO_ROUTE' || error.code === 'INSUFFICIENT_LIQUIDITY')
  )
}

/** Each pool list's exchange ids, in pool order (every request over a snapshot lists them). */
const exchangeIdsOf = new WeakMap<readonly PoolState[], readonly string[]>()

/** The exchange ids of the pools that the request's filters leave, in pool order (case as in the pools). */
export function listExchangeIds(params: FindBestRouteParams): string[] {
  let ids = exchangeIdsOf.get(params.pools)
  if (!ids) {
    ids = [...new Set(params.pools.map((p) => p.exchangeId))]
    exchangeIdsOf.set(params.pools, ids)
  }
  const excluded = new Set((params.excludedExchanges ?? []).map((e) => e.toLowerCase()))
  const allowed = params.exchangeIds ? new Set(params.exchangeIds.map((e) => e.toLowerCase())) : undefined
  return ids.filter((id) => !excluded.has(id.toLowerCase()) && (!allowed || allowed.has(id.toLowerCase())))
}

/** The `PLAN_BUCKET_RATIO` bucket of a positive amount or price (amounts within 2% mostly share one). */
const bucketOf = (value: bigint | number) => Math.floor(Math.log(Number(value)) / Math.log(PLAN_BUCKET_RATIO))

type NativePrice = FindBestRouteParams['nativePriceInTokenOut']
interface PriceKeys {
  gas: (wei: bigint | undefined) => string
  native: (price: NativePrice) => string
}
const exactPrices: PriceKeys = {
  gas: (wei) => String(wei ?? ''),
  native: (p) => (p ? `${p.num}/${p.den}` : ''),
}
/** Prices as plans are keyed: gas and native prices only weigh gas against output, so 2% apart share a plan. */
const bucketedPrices: PriceKeys = {
  gas: (wei) => (wei ? `~${bucketOf(wei)}` : ''),
  native: (p) => (p && p.num > 0n ? `~${bucketOf(Number(p.num) / Number(p.den))}` : ''),
}

/**
 * Everything but the pools, the amount and the prices that decides a route, as one string (the pools key the
 * memos by identity; the memos add the amount and the prices exactly, or their plan buckets: see `priceKey`).
 */
function routeMemoKey(params: FindBestRouteParams): string {
  return [
    params.tokenIn.toLowerCase(),
    params.tokenOut.toLowerCase(),
    params.tradeType,
    params.feeBps ?? 0,
    (params.excludedExchanges ?? []).join(',').toLowerCase(),
    params.exchangeIds?.join(',').toLowerCase() ?? '*',
    params.isSplit ?? true,
    params.maxHops ?? 3,
    params.maxLegs ?? 8,
    params.wideFlowSearch ?? true,
    params.gasModel ? `${params.gasModel.base}/${params.gasModel.perLeg}` : '',
    listKey(params.connectors, connectorsText),
    params.tokens ? listKey(params.tokens, taxesText) : '',
  ].join('|')
}

/** The gas and native prices of a request as `prices` writes them. */
function priceKey(params: FindBestRouteParams, prices: PriceKeys): string {
  const price = prices.native
  return `${prices.gas(params.gasPriceWei)}|${price(params.nativePriceInTokenOut)}|${price(params.nativePriceInTokenIn)}`
}

/** The key text of each list a request names (a request's per-exchange searches share its lists). */
const listKeys = new WeakMap<readonly unknown[], string>()

function listKey<T>(list: readonly T[], text: (list: readonly T[]) => string): string {
  let key = listKeys.get(list)
  if (key === undefined) {
    key = text(list)
    listKeys.set(list, key)
  }
  return key
}

const connectorsText = (connectors: readonly string[]) => connectors.join(',').toLowerCase()
const taxesText = (tokens: readonly TokenFacts[]) =>
  tokens
    .map((t) => `${t.address}:${t.transferFeeBps ?? 0}${t.unverified ? ':u' : ''}`)
    .join(',')
    .toLowerCase()
