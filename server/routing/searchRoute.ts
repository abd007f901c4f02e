import { poolKindOf } from '../poolKinds/poolKinds'
import { buildLegRoute, legRouteTotal, legsGasCost } from './buildLegRoute'
import { buildPoolGraph } from './buildPoolGraph'
import { createPathQuoter, type PathQuote, type PathQuoter, type PoolPath } from './createPathQuoter'
import type { FindBestRouteParams, RouteSearchStats } from './findBestRoute'
import { findTokenPaths } from './findTokenPaths'
import { defaultGasModel } from './gasModel'
import { poolSpotRate } from './poolMidRate'
import { RoutingError } from './RoutingError'
import { refineAllocation } from './refineAllocation'
import { routeConnectors } from './routeConnectors'
import { type CurveSample, sampleObjectiveCurve } from './sampleObjectiveCurve'
import { type PathSet, searchPathSets } from './searchPathSets'
import { selectCandidatePaths } from './selectCandidatePaths'
import { sellsToken0 } from './sellsToken0'
import type { Leg, PoolState, Route } from './types'

interface Plan {
  legs: Leg[]
  net: bigint
}

/**
 * The search behind `findBestRoute` over the pools its filters leave: candidate paths of up to `maxHops` hops
 * through `connectors`, each best single path, and the best split over up to `maxLegs` pool-disjoint paths
 * (concave models of each path, the optimal allocation of each set of paths, a local search over which set,
 * its amounts polished on near values, then quoted with the exact integer math). Expects validated params. Throws RoutingError as `findBestRoute` does.
 */
export function searchRoute(params: FindBestRouteParams): Route {
  const { tradeType } = params
  const exactIn = tradeType === 'exactIn'
  const maxLegs = params.isSplit === false ? 1 : (params.maxLegs ?? 8)
  const inKey = params.tokenIn.toLowerCase()
  const outKey = params.tokenOut.toLowerCase()

  const taxes = new Map<string, number>()
  for (const token of params.tokens ?? []) {
    if (token.transferFeeBps) taxes.set(token.address.toLowerCase(), token.transferFeeBps)
  }
  const tax = (key: string) => taxes.get(key) ?? 0
  if (!exactIn && (tax(inKey) > 0 || tax(outKey) > 0)) {
    throw new RoutingError(
      'UNSUPPORTED_DIRECTION',
      'exact output is not supported for fee-on-transfer tokens',
    )
  }

  const total = legRouteTotal(params, tax)
  if (total <= 0n) throw new RoutingError('INSUFFICIENT_LIQUIDITY', 'amount too small')

  const graph = buildPoolGraph(params)
  const tokenPaths = findTokenPaths({
    graph,
    tokenIn: inKey,
    tokenOut: outKey,
    connectors: new Set(routeConnectors(graph, params).map((c) => c.toLowerCase())),
    maxHops: params.maxHops ?? 3,
    isExcludedIntermediate: exactIn ? undefined : (key) => tax(key) > 0,
  })
  if (tokenPaths.length === 0) throw new RoutingError('NO_ROUTE', 'no pools connect these tokens')

  const quoter = createPathQuoter({
    pools: graph.pools,
    transferFeeBps: tax,
    ...(params.hopCache ? { cache: params.hopCache } : {}),
  })
  const candidates = selectCandidatePaths({ graph, quoter, tokenPaths, tradeType, amount: total })
  const quote = (path: PoolPath, x: bigint): PathQuote | null =>
    exactIn ? quoter.quoteExactIn(path, x) : quoter.quoteExactOut(path, x)
  const objectiveOf = (q: PathQuote) => (exactIn ? q.amountOut : -q.amountIn)
  const gasCostOf = (legs: readonly Leg[]) => legsGasCost(params, legs)
  // The gas of one leg beyond the base: what adding a path to a split costs.
  const legGasCost = (hops: Leg['hops']) => gasCostOf([{ amountIn: 0n, amountOut: 0n, hops }]) - gasCostOf([])
  const toPlan = (allocations: readonly { candidate: number; amount: bigint }[]): Plan | null => {
    const legs: Leg[] = []
    let sum = 0n
    for (const { candidate, amount: x } of allocations) {
      const path = candidates[candidate]
      const q = path && quote(path, x)
      if (!q) return null
      legs.push({ amountIn: q.amountIn, amountOut: q.amountOut, hops: q.hops })
      sum += objectiveOf(q)
    }
    return { legs, net: sum - gasCostOf(legs) }
  }
  const better = (a: Plan | null, b: Plan | null) => (b !== null && (a === null || b.net > a.net) ? b : a)
  const gasPriced =
    (params.gasPriceWei ?? 0n) > 0n &&
    (exactIn ? params.nativePriceInTokenOut : params.nativePriceInTokenIn) !== undefined
  // exact input: the pools' floating-point math (`pathApproxIn`, `pathNearIn`); exact output: exact quotes
  const sampler = exactIn ? approxSampler(params, graph.pools, quoter, gasPriced) : undefined
  /**
   * A path's objective for `x` and the gas of its leg beyond the base, to within a millionth a hop (`pathNearIn`)
   * with an exact input, exactly with an exact output: for choosing paths and amounts, which are quoted exactly
   * once chosen.
   */
  const near = (i: number, x: bigint): CurveSample | null => {
    const path = candidates[i]
    if (!path) return null
    if (sampler) return sampler.sampleNear(path, Number(x))
    const q = quote(path, x)
    return q ? { value: Number(objectiveOf(q)), gasCost: gasPriced ? Number(legGasCost(q.hops)) : 0 } : null
  }
  const netOf = (sample: CurveSample) => sample.value - sample.gasCost
  /** Below this near net a path is surely worse than one of `net` (the near values' error, generously). */
  const surelyBelow = (net: number) => net - Math.abs(net) * 1e-5 - 16

  // Each path alone. With an exact input no path pays more than the total times its pools' spot rates after fee
  // (`pathSpotRate`): in that order, the paths that cannot come near the best net found so far are not quoted.
  // The near values choose; the paths they cannot tell from the best are quoted exactly (ties keep the first).
  const spotRates = exactIn ? candidates.map((path) => pathSpotRate(graph.pools, path)) : undefined
  const totalValue = Number(total)
  const order = candidates.map((_, i) => i)
  if (spotRates) order.sort((a, b) => (spotRates[b] ?? 0) - (spotRates[a] ?? 0))
  const alone: (CurveSample | null)[] = candidates.map(() => null)
  let leader: CurveSample | null = null
  for (const i of order) {
    const rate = spotRates?.[i]
    if (leader && rate !== undefined && totalValue * rate * (1 + 1e-6) + 16 < surelyBelow(netOf(leader)))
      continue
    const sample = near(i, total)
    alone[i] = sample
    if (sample && (!leader || netOf(sample) > netOf(leader))) leader = sample
  }
  let best: Plan | null = null
  let bestAt = -1
  for (let i = 0; i < candidates.length; i++) {
    const sample = alone[i]
    if (!sample || !leader || netOf(sample) < surelyBelow(netOf(leader))) continue
    const plan = toPlan([{ candidate: i, amount: total }])
    if (plan && (!best || plan.net > best.net || (plan.net === best.net && i < bestAt))) {
      best = plan
      bestAt = i
    }
  }

  const stats: RouteSearchStats = {
    candidates: candidates.length,
    modelled: 0,
    setEvaluations: 0,
    modelEvaluations: 0,
    polishEvaluations: 0,
  }
  if (maxLegs > 1 && candidates.length > 1) {
    // A path whose first 1/256 of the total earns less per unit than the best single path's last 1/16 would
    // take nothing from a split that beats that path; it gets no model (no further exact evaluations).
    // (a path left unquoted above pays less than the best net found, so less than the best single path's gross)
    let bestSingle = -1
    for (let i = 0; i < candidates.length; i++) {
      const v = alone[i]?.value
      if (v !== undefined && (bestSingle < 0 || v > (alone[bestSingle]?.value ?? 0))) bestSingle = i
    }
    const tail = total / 16n
    const beforeTail = bestSingle >= 0 && tail > 0n ? near(bestSingle, total - tail) : null
    const bestSingleValue = alone[bestSingle]?.value
    const floorRate =
      beforeTail !== null && bestSingleValue !== undefined
        ? (bestSingleValue - beforeTail.value) / Number(tail)
        : Number.NEGATIVE_INFINITY
    const probeAmount = total / 256n
    const sampleOf = sampler?.sample
    const leastLegGas = (i: number) => {
      const path = candidates[i]
      return sampler && path ? sampler.leastGas(path) : 0
    }
    const evaluate = (i: number, x: bigint): CurveSample | null => {
      const path = candidates[i]
      if (!path) return null
      stats.modelEvaluations++
      return sampleOf ? sampleOf(path, Number(x)) : near(i, x)
    }
    // A path's share of a split earns at most its first rate over that floor on the whole total: a path whose
    // best gain so reckoned does not pay for the gas of its own leg is not modelled either.
    const isWorthModelling = (i: number): boolean => {
      if (probeAmount <= 0n || i === bestSingle) return true
      // its spot rate bounds what its first units earn, and its hops' gas at no tick crossed what its leg costs
      const rate = spotRates?.[i]
      if (rate !== undefined) {
        const edge = rate * (1 + 1e-6) - floorRate
        if (!(edge > 0) || edge * Number(total) <= leastLegGas(i)) return false
      }
      const v = evaluate(i, probeAmount)
      if (v === null) return false
      const edge = v.value / Number(probeAmount) - floorRate
      return edge > 0 && edge * Number(total) > v.gasCost
    }
    const curves = candidates.map((_, i) =>
      !isWorthModelling(i) ? null : sampleObjectiveCurve({ total, evaluate: (x) => evaluate(i, x) }),
    )
    stats.modelled = curves.filter((c) => c !== null).length
    const search = searchPathSets({
      curves,
      poolIdsOf: (i) => candidates[i]?.poolIds ?? [],
      total: Number(total),
      maxLegs,
      gasPriced,
    })
    stats.setEvaluations = search.evaluations
    const leader = search.sets[0]
    for (const set of search.sets) {
      // Runners-up are polished only when their model is within 1 bp of the leader's (the models are close to
      // exact, so a set further behind does not overtake it).
      if (set.members.length < 2 || (leader && leader.net - set.net > Math.abs(leader.net) * 1e-4)) continue
      const capacities = set.members.map((m) => curves[m]?.capacity ?? 0)
      const allocations = polish(set, capacities, total, (i, x) => near(i, x)?.value ?? null, stats)
      if (allocations.length > 0) best = better(best, toPlan(allocations))
    }
  }
  params.onSearchStats?.(stats)

  if (!best) throw new RoutingError('INSUFFICIENT_LIQUIDITY', 'not enough liquidity for this amount')
  return buildLegRoute(params, best.legs)
}

/**
 * An exact-input path's model sample from the pools' floating-point math: its output for an input, and the gas
 * of one more leg through it (the per-leg gas and each hop's at the ticks it crosses) priced in tokenOut as
 * `legsGasCost` prices it, without the floor. Null where the path cannot take the input.
 */
function approxSampler(
  params: FindBestRouteParams,
  pools: readonly PoolState[],
  quoter: PathQuoter,
  gasPriced: boolean,
): {
  sample: (path: PoolPath, amountIn: number) => CurveSample | null
  /** `sample` by `pathNearIn`: within a millionth a hop of the exact quote, exact for small amounts. */
  sampleNear: (path: PoolPath, amountIn: number) => CurveSample | null
  /** The gas cost of a leg through the path crossing no tick (what a sample's gas cost is at least). */
  leastGas: (path: PoolPath) => number
} {
  const model = params.gasModel ?? defaultGasModel
  const price = params.nativePriceInTokenOut
  const perGasUnit =
    gasPriced && price && price.den > 0n
      ? (Number(params.gasPriceWei ?? 0n) * Number(price.num)) / Number(price.den)
      : 0
  const ticks: number[] = []
  // each pool kind's hop gas by ticks crossed, as floats (the samples ask it thousands of times)
  const hopGas = new Map<object, number[]>()
  const hopGasUnits = (pool: PoolState, crossed: number): number => {
    const kind = poolKindOf(pool)
    let byTicks = hopGas.get(kind)
    if (!byTicks) {
      byTicks = []
      hopGas.set(kind, byTicks)
    }
    let units = byTicks[crossed]
    if (units === undefined) {
      units = Number(kind.hopGasUnits(crossed))
      byTicks[crossed] = units
    }
    return units
  }
  const perLeg = Number(model.perLeg)
  const gasCost = (path: PoolPath, crossed: (hop: number) => number) => {
    let units = perLeg
    for (let i = 0; i < path.poolIds.length; i++) {
      const pool = pools[path.poolIds[i] ?? -1]
      if (pool) units += hopGasUnits(pool, crossed(i))
    }
    return units * perGasUnit
  }
  const sampleOf = (out: number | null, path: PoolPath): CurveSample | null => {
    if (out === null) return null
    if (perGasUnit === 0) return { value: out, gasCost: 0 }
    return { value: out, gasCost: gasCost(path, (i) => ticks[i] ?? 0) }
  }
  return {
    sample: (path, amountIn) => sampleOf(quoter.pathApproxIn(path, amountIn, ticks), path),
    sampleNear: (path, amountIn) => sampleOf(quoter.pathNearIn(path, amountIn, ticks), path),
    leastGas: (path) => (perGasUnit === 0 ? 0 : gasCost(path, () => 0)),
  }
}

/** The product of a path's pools' spot rates after fee (`poolSpotRate`): no amount along it gets more a unit. */
function pathSpotRate(pools: readonly PoolState[], path: PoolPath): number {
  let rate = 1
  for (let h = 0; h < path.poolIds.length; h++) {
    const pool = pools[path.poolIds[h] ?? -1]
    const tokenIn = path.tokens[h]
    if (!pool || !tokenIn) return Number.POSITIVE_INFINITY
    rate *= poolSpotRate(pool, sellsToken0(pool, tokenIn))
  }
  return rate
}

/**
 * Turns a model allocation into integer amounts (rounded down, the remainder to the leg with the most room below
 * its capacity) and refines them on `value` (the near values; the allocations are quoted exactly after), moves
 * starting at 1/64 of the total and stopping at 2^-16 of it (the output lost to a residual misallocation is
 * second order in its size). Returns the allocations, or the empty list when a leg cannot take its amount.
 */
function polish(
  set: PathSet,
  capacities: readonly number[],
  total: bigint,
  value: (candidate: number, amount: bigint) => number | null,
  stats: RouteSearchStats,
): { candidate: number; amount: bigint }[] {
  const amounts = set.amounts.map((a) => BigInt(Math.floor(a)))
  // The rounding remainder goes to the leg furthest from its capacity.
  let roomiest = 0
  const room = (k: number) => (capacities[k] ?? 0) - (set.amounts[k] ?? 0)
  for (let k = 0; k < amounts.length; k++) if (room(k) > room(roomiest)) roomiest = k
  amounts[roomiest] = (amounts[roomiest] ?? 0n) + total - amounts.reduce((sum, a) => sum + a, 0n)
  const values: number[] = []
  for (let k = 0; k < amounts.length; k++) {
    const v = (amounts[k] ?? 0n) > 0n ? value(set.members[k] ?? -1, amounts[k] ?? 0n) : null
    stats.polishEvaluations++
    if (v === null) return []
    values.push(v)
  }
  stats.polishEvaluations += refineAllocation({
    value: (leg, x) => value(set.members[leg] ?? -1, x),
    amounts,
    values,
    startDelta: total / 64n,
    minMove: total >> 16n || 1n,
  })
  return amounts.map((amount, k) => ({ candidate: set.members[k] ?? -1, amount }))
}
