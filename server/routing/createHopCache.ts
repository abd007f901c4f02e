import type { HopSimulator } from '../poolKinds/PoolKind'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { RoutingError } from './RoutingError'
import type { PoolState, Route } from './types'

/** One hop's simulated result, as the path quoter memoizes it. */
export interface CachedHop {
  /** What the aggregator sends (exact in) or must pay (exact out). */
  readonly sent: bigint
  /** The aggregator's balance increase of the hop's output token. */
  readonly received: bigint
  readonly ticksCrossed: number
}

/**
 * Memo of hop simulations shared by routing calls over the same pools (the best route and the per-exchange
 * routes of one request, or every request on one snapshot). Keyed on the immutable pool objects, so it never
 * answers for a changed pool: a snapshot that replaces a pool replaces its key. Holds only deterministic
 * results of pure functions, so routing stays pure. Each memo keeps at most `maxEntriesPerPool` amounts.
 */
export interface HopCache {
  /** The swap math of `pool` in one direction, from its kind (built once per pool and direction). */
  simulator(pool: PoolState, zeroForOne: boolean): HopSimulator
  /** The amount -> result memo of one pool, direction, trade side and pair of transfer taxes. */
  hops(pool: PoolState, slot: string): Map<bigint, CachedHop | null>
  /** Routes (or the routing error) found over one pool list, by request (see findBestRoute). */
  routes(pools: readonly PoolState[]): Map<string, Route | RoutingError>
}

/**
 * Creates an empty `HopCache`. Pass one to `findBestRoute` calls that should share work; without one each call
 * uses its own. `maxEntriesPerPool` bounds memory for long-lived caches (default 4096 amounts per memo; the
 * route memo of one pool list keeps as many requests).
 */
export function createHopCache(params: { maxEntriesPerPool?: number } = {}): HopCache {
  const maxEntries = params.maxEntriesPerPool ?? 4096
  const simulators = new WeakMap<PoolState, [HopSimulator | undefined, HopSimulator | undefined]>()
  const memos = new WeakMap<PoolState, Map<string, Map<bigint, CachedHop | null>>>()
  const routeMemos = new WeakMap<readonly PoolState[], Map<string, Route | RoutingError>>()
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
      let slots = memos.get(pool)
      if (!slots) {
        slots = new Map()
        memos.set(pool, slots)
      }
      let memo = slots.get(slot)
      if (!memo) {
        memo = new Map()
        slots.set(slot, memo)
      } else if (memo.size >= maxEntries) {
        memo.clear()
      }
      return memo
    },
    routes(pools) {
      let memo = routeMemos.get(pools)
      if (!memo) {
        memo = new Map()
        routeMemos.set(pools, memo)
      } else if (memo.size >= maxEntries) {
        memo.clear()
      }
      return memo
    },
  }
}
