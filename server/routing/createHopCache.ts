import type { HopSimulator } from '../poolKinds/PoolKind'
import { poolKindOf } from '../poolKinds/poolKinds'
import { createLruMap, type LruMap } from './createLruMap'
import type { RouteStepQuote } from './quoteRouteSteps'
import type { RoutingError } from './RoutingError'
import type { Hop, Leg, PoolState, Route } from './types'

/** One hop's simulated result, as the path quoter memoizes it. */
export interface CachedHop {
  /** What the aggregator sends (exact in) or must pay (exact out). */
  readonly sent: bigint
  /** The aggregator's balance increase of the hop's output token. */
  readonly received: bigint
  readonly ticksCrossed: number
}

/** The amount -> result memo of one pool, direction, trade side and pair of transfer taxes. */
export interface HopMemo {
  /** undefined: not memoized; null: the hop cannot be made. */
  get(amount: bigint): CachedHop | null | undefined
  set(amount: bigint, result: CachedHop | null): void
}

/**
 * Memo of hop simulations shared by routing calls over the same pools (the best route and the per-exchange
 * routes of one request, or every request on one snapshot). Keyed on the immutable pool objects, so it never
 * answers for a changed pool: a snapshot that replaces a pool replaces its key. Holds only deterministic
 * results of pure functions, so routing stays pure. Its memory is bounded whatever the traffic.
 */
export interface HopCache {
  /** The swap math of `pool` in one direction, from its kind (built once per pool and direction). */
  simulator(pool: PoolState, zeroForOne: boolean): HopSimulator
  /** The memo of one pool, direction, trade side and pair of transfer taxes (`slot`). */
  hops(pool: PoolState, slot: string): HopMemo
  /** Routes searched (or the routing error) over one pool list, by request (see findBestRoute). */
  routes(pools: readonly PoolState[]): LruMap<string, Route | RoutingError>
  /** Routes searched over one pool list, by request with its amount rounded (plans for nearby amounts). */
  plans(pools: readonly PoolState[]): LruMap<string, Route>
  /**
   * Seeds the plans of `to` (the next snapshot's pool list of the same chain), unless it has some already,
   * with the plans of `from`: each bound to `to`'s pools by address, so `requoteRoute` quotes it exactly on
   * the new state. A plan that names a pool `to` lacks is left behind, and so is one carried
   * `MAX_PLAN_CARRIES` times already: its request searches again. A block that moves one pool then no longer
   * makes every request search.
   */
  carryPlans(from: readonly PoolState[], to: readonly PoolState[]): void
  /**
   * A cache for one request: the same simulators and route memo, but hop results of its own, dropped with it.
   * Requests of other amounts almost never simulate the same hop amounts (and the same request hits the route
   * memo first), so a long-lived hop memo only costs lookups, memory and garbage collection.
   */
  forRequest(): HopCache
}

type Generation = WeakMap<PoolState, Map<string, Map<bigint, CachedHop | null>>>

/**
 * How many snapshots in a row a route plan is carried to the next (see `carryPlans`) before its request
 * searches again: a plan keeps the shares and paths of the state it was searched on, so its age is bounded.
 */
export const MAX_PLAN_CARRIES = 3

/**
 * Creates an empty `HopCache`. Pass one to `findBestRoute` calls that should share work; without one each call
 * uses its own. Bounds, for long-lived caches: at most `maxHopEntries` hop results in all (default 200,000;
 * two generations: when the newer one holds half, the older one is dropped, and a result read from the older
 * one moves to the newer, so recently used results stay), and at most `maxRoutes` routes and as many plans per
 * pool list, least recently used dropped first (default 2,000).
 */
export function createHopCache(params: { maxHopEntries?: number; maxRoutes?: number } = {}): HopCache {
  const generationSize = Math.max(1, Math.floor((params.maxHopEntries ?? 200_000) / 2))
  const maxRoutes = params.maxRoutes ?? 2_000
  const simulators = new WeakMap<PoolState, [HopSimulator | undefined, HopSimulator | undefined]>()
  const routeMemos = new WeakMap<readonly PoolState[], LruMap<string, Route | RoutingError>>()
  const planMemos = new WeakMap<readonly PoolState[], LruMap<string, Route>>()
  /** How many times each carried plan was carried (searched plans are absent: 0). */
  const carries = new WeakMap<Route, number>()
  let current: Generation = new WeakMap()
  let previous: Generation | undefined
  let stored = 0

  const slotOf = (generation: Generation, pool: PoolState, slot: string, create: boolean) => {
    let slots = generation.get(pool)
    if (!slots) {
      if (!create) return undefined
      slots = new Map()
      generation.set(pool, slots)
    }
    let memo = slots.get(slot)
    if (!memo && create) {
      memo = new Map()
      slots.set(slot, memo)
    }
    return memo
  }
  const store = (pool: PoolState, slot: string, amount: bigint, result: CachedHop | null) => {
    if (stored >= generationSize) {
      previous = current
      current = new WeakMap()
      stored = 0
    }
    const memo = slotOf(current, pool, slot, true)
    if (memo && !memo.has(amount)) stored++
    memo?.set(amount, result)
  }

  return {
    simulator(pool, zeroForOne) {
      let pair = simulators.get(pool)
      if (!pair) {
        pair = [undefined, undefined]
        simulators.set(pool, pair)
      }
      const index = zeroForOne ? 0 : 1
      let simulator = pair[index]
      if (!simulator) {
        simulator = poolKindOf(pool).createHopSimulator(pool, zeroForOne)
        pair[index] = simulator
      }
      return simulator
    },
    hops(pool, slot) {
      return {
        get(amount) {
          const fresh = slotOf(current, pool, slot, false)?.get(amount)
          if (fresh !== undefined || !previous) return fresh
          const old = slotOf(previous, pool, slot, false)?.get(amount)
          if (old !== undefined) store(pool, slot, amount, old)
          return old
        },
        set: (amount, result) => store(pool, slot, amount, result),
      }
    },
    routes: (pools) => memoOf(routeMemos, pools, maxRoutes),
    plans: (pools) => memoOf(planMemos, pools, maxRoutes),
    carryPlans(from, to) {
      const old = planMemos.get(from)
      if (!old || from === to || planMemos.has(to)) return
      const byAddress = new Map(to.map((pool) => [pool.address, pool]))
      const memo = memoOf(planMemos, to, maxRoutes)
      for (const [key, plan] of old.entries()) {
        const carried = (carries.get(plan) ?? 0) + 1
        if (carried > MAX_PLAN_CARRIES) continue
        const rebound = rebindPlan(plan, byAddress)
        if (!rebound) continue
        carries.set(rebound, carried)
        memo.set(key, rebound)
      }
    },
    forRequest() {
      return requestCache(this)
    },
  }
}

/** The LRU memo of one pool list in `memos`, created with room for `max` entries on first use. */
function memoOf<V>(
  memos: WeakMap<readonly PoolState[], LruMap<string, V>>,
  pools: readonly PoolState[],
  max: number,
): LruMap<string, V> {
  let memo = memos.get(pools)
  if (!memo) {
    memo = createLruMap(max)
    memos.set(pools, memo)
  }
  return memo
}

/** `shared`'s simulators, route and plan memos with a private, unbounded hop memo (one request's work is bounded). */
function requestCache(shared: HopCache): HopCache {
  const memos = new Map<PoolState, Map<string, Map<bigint, CachedHop | null>>>()
  const cache: HopCache = {
    simulator: (pool, zeroForOne) => shared.simulator(pool, zeroForOne),
    hops(pool, slot) {
      let slots = memos.get(pool)
      if (!slots) {
        slots = new Map()
        memos.set(pool, slots)
      }
      let memo = slots.get(slot)
      if (!memo) {
        memo = new Map()
        slots.set(slot, memo)
      }
      // the Map itself is the memo (no wrapper per call: this runs for every hop of every quote)
      return memo
    },
    routes: (pools) => shared.routes(pools),
    plans: (pools) => shared.plans(pools),
    carryPlans: (from, to) => shared.carryPlans(from, to),
    forRequest: () => cache,
  }
  return cache
}

/** `plan` over the pools of `pools` (by address), or undefined when one of its pools is not there. */
function rebindPlan(plan: Route, pools: ReadonlyMap<string, PoolState>): Route | undefined {
  const legs: Leg[] = []
  for (const leg of plan.legs) {
    const hops: Hop[] = []
    for (const hop of leg.hops) {
      const pool = pools.get(hop.pool.address)
      if (!pool) return undefined
      hops.push({ ...hop, pool })
    }
    legs.push({ ...leg, hops })
  }
  if (!plan.steps) return { ...plan, legs }
  const steps: RouteStepQuote[] = []
  for (const step of plan.steps) {
    const pool = pools.get(step.pool.address)
    if (!pool) return undefined
    steps.push({ ...step, pool })
  }
  return { ...plan, legs, steps }
}
