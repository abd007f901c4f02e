import type { Address } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import { buildPoolGraph, type PoolGraph } from './buildPoolGraph'
import { computeIntegratorFee } from './computeIntegratorFee'
import { connectedEdges } from './connectedEdges'
import { createHopCache } from './createHopCache'
import { createPathQuoter } from './createPathQuoter'
import type { FindBestRouteParams } from './findBestRoute'
import { flowDualBound } from './flowDualBound'
import { computeGasCostInToken, computeStepsGasUnits, defaultGasModel, type GasModel } from './gasModel'
import { initialWorkingSet } from './initialWorkingSet'
import { poolMidRate, poolSpotRate } from './poolMidRate'
import { MAX_ROUTE_STEPS, quoteRouteSteps, type RouteStepQuote, STEP_SHARE_ONE } from './quoteRouteSteps'
import { refineFlowWeights } from './refineFlowWeights'
import { routeConnectors } from './routeConnectors'
import { routeDualPrices } from './routeDualPrices'
import { type FlowCurve, sampleFlowCurve } from './sampleFlowCurve'
import { sellsToken0 } from './sellsToken0'
import { type FlowEdge, solveFlowPrices } from './solveFlowPrices'
import type { PoolState } from './types'

/** The work of one flow search (for benchmarks). */
export interface FlowSearchStats {
  /** Pool directions in the flow problem. */
  edges: number
  /** Exact hop simulations spent on the models. */
  samples: number
  /** Flow solves (one per pruning or resampling round). */
  solves: number
  /** Solver iterations (interior-point steps) over all solves. */
  sweeps: number
  /** Exact route quotes spent rounding and refining. */
  refineEvaluations: number
  /** Most pool directions in one solve (the working set; see `initialWorkingSet`). */
  workingEdges: number
}

/** The best split-and-merge route found: steps as `swapExactInRoute` runs them, its output and gas. */
export interface FlowRoute {
  readonly steps: readonly RouteStepQuote[]
  /** The route's gross output (before integrator fee). */
  readonly amountOut: bigint
  readonly gasUnits: bigint
  /** gasUnits priced in tokenOut (0 without a price). */
  readonly gasCostInToken: bigint
  readonly stats: FlowSearchStats
}

interface Edge {
  readonly poolId: number
  readonly from: number
  readonly to: number
  readonly fromAddress: Address
  readonly toAddress: Address
}

/** Options of `searchFlowRoute`. */
export interface FlowSearchOptions {
  /**
   * The score (output after the integrator fee, less gas) of a route already found that is at least the best
   * single path's. The search returns null at once when no flow can beat it: any flow's output is at most the
   * input times the best product of the pools' spot rates (after fee) along a path (each pool's output is
   * concave), and a flow that beats every single path is none, so it runs the steps of the shortest path from
   * tokenIn to tokenOut and at least one more, and pays at least their gas.
   */
  readonly mustBeat?: bigint
  /** false: the forward search only, never the wide one (default true). */
  readonly wide?: boolean
  /**
   * The gross output of a route already found (the leg search's best). When it gives up BOTH_WAYS_IMPACT or more
   * against the best spot rate, the trade is large: the wide search runs alone, not after the forward one.
   */
  readonly foundAmountOut?: bigint
  /**
   * The hops of the route that set `mustBeat` (each pool direction with its input): the search first bounds any
   * flow at prices read off this route (`routeDualPrices`), which shows most routes unbeatable without a solve.
   */
  readonly foundHops?: readonly {
    readonly pool: PoolState
    readonly tokenIn: Address
    readonly amountIn: bigint
  }[]
}

const MAX_PRUNE_ROUNDS = 6
/**
 * A pool is pruned only when its surplus falls short of its gas by more than this share of the trade's value. At
 * an optimum a used pool's surplus is never negative (its model is concave through zero): one a hair below zero
 * is the solve's float error, and without gas priced (a token with no price) it used to prune pools that carried
 * flow. LT1156 -> LT0212 for $53k on the large market, gas unpriced: 1.59 -> 0.94 bp short of the best known flow.
 */
const PRUNE_NOISE = 1e-6
/** Most rounds of pricing out the edges left out of a solve (each adds the edges that would take flow). */
const MAX_PRICING_ROUNDS = 6
/** An edge left out joins when its spot rate beats its tokens' price ratio by more than this (float noise). */
const PRICING_MARGIN = 1e-9
/** Exact route quotes the refinement spends in all where a basis point of the trade is worth less than a hop's gas. */
const MAX_REFINE_EVALUATIONS = 64
/**
 * Where a basis point of the trade is worth more than a hop's gas (or gas is not priced), the refinement's coarse
 * passes are not counted and REFINE_PATTERN quotes are left for its pattern search, to REFINE_MOST in all. Within
 * 64 in all, a flow over many pools spent them on the coarse passes (up to three quotes a pool): LT0733 -> LT0370
 * for $11,709 on the large market, 19 pools, was 1.36 bp short of a 24-step flow, 0.33 bp after.
 */
const REFINE_PATTERN = 32
const REFINE_MOST = 192
/**
 * Resamplings of the used pools around the solution: again while the solution leaves what was sampled. An
 * exchange's own search (`wide: false`) resamples once: over 300 cold requests of the large market more rounds
 * there changed one exchange quote, by 0.3 bp.
 */
const MAX_RESAMPLE_ROUNDS = 3
/** Hops beyond maxHops the wide search reaches between two long-tail tokens (one if either end is a connector). */
const LONG_TAIL_BEYOND = 2
/** Each used pool's resample, as shares of its input. */
const RESAMPLE_AROUND = [0.5, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25]
/** A solution within this share of every used pool's resampled input has settled (no new pool used either). */
const RESAMPLE_SETTLED = 0.1
/** Most samples `flowDualBound` may take to show that no flow beats the route already found. */
const MAX_BOUND_SAMPLES = 64
/** The input step (a share of a hop's input) over which the route found before gives its marginal rates. */
const MARGINAL_STEP = 1e-6
/**
 * Price impact (against the best spot rate) from which a second, wider search lets connectors trade either way
 * round and takes connectors one hop further (two between long-tail tokens): only large trades gain from the
 * longer paths that allows, and it costs a second search. At 0.5% BSC's BTCB -> ETH for $100k (impact under that)
 * missed a flow through WBNB then USDC by 2.27 bp; at 0.1% the small market's route-quality cases are all within
 * 0.21 bp of the optimum, and the large market's cold mix runs 5% more solves.
 */
const BOTH_WAYS_IMPACT = 0.001

/**
 * The optimal exact-input route as a flow over the pool graph: amounts may split and merge at every token
 * (tokenIn, the connectors, tokenOut; tokens ordered from the input to the output so every token's inflows run
 * before its outflows). Each pool direction gets a concave model from samples of its math in floating point
 * (`sampleFlowCurve`, `hopApproxIn`), the convex problem is solved for its token prices and pool inputs
 * (`solveFlowPrices`, interior point), pools whose surplus does not pay their gas are pruned and the models
 * resampled around the solution, then the flow (or a pruning round's, where it rounds to more) is rounded to
 * `swapExactInRoute` steps (shares of 1e18 of what the route holds), refined on near values (`hopNearIn`, within a
 * millionth a hop) and quoted with the exact integer math of `quoteRouteSteps`, so the result pays to the wei.
 * Bounded work; null where no step route executes or when tokenIn or tokenOut is a fee-on-transfer token (taxes
 * are left to the leg search; taxed connectors are skipped). Pure.
 */
export function searchFlowRoute(
  params: FindBestRouteParams,
  options: FlowSearchOptions = {},
): FlowRoute | null {
  const ordered = orderFlow(params, false)
  if (!ordered) return null
  const widens = options.wide !== false && ordered.canWiden
  const searchWide = () => {
    const wide = orderFlow(params, true)
    return wide ? searchOrderedFlow(params, options, wide) : null
  }
  let wideFound: ReturnType<typeof searchWide> | undefined
  if (
    widens &&
    options.foundAmountOut !== undefined &&
    priceImpact(options.foundAmountOut, params.amount, ordered.spot) >= BOTH_WAYS_IMPACT
  ) {
    // a route found before already moves the price that much: the wide search first, whose edges include every
    // forward one (on the large market's cold mix it found the same best routes as both searches, for half)
    wideFound = searchWide()
    // every forward flow is a wide one: none beats the route found either
    if (wideFound === UNBEATABLE) return null
    // its rounding to an order of steps can lose what the solve found (flows both ways between tokens of one
    // rank, the Aggregator's step limit): one that does not beat the route found does not stand for the forward
    // search (LT1264 -> WETH for $67,501 on the large market: 3,707 wide, 5,303 forward, 4,767 found)
    if (wideFound && wideFound.route.amountOut > options.foundAmountOut) return wideFound.route
  }
  const forward = searchOrderedFlow(params, options, ordered)
  // nor the wide search: the route found before gives up less than BOTH_WAYS_IMPACT, the trade is not large
  if (forward === UNBEATABLE) return null
  if (!widens || !forward || forward.impact < BOTH_WAYS_IMPACT) return forward?.route ?? null
  // a large trade: let connectors trade either way round, reach further, keep the better
  // searched already when the trade showed large at first (null: no wide route; not searched again)
  if (wideFound === undefined) wideFound = searchWide()
  const both = wideFound === UNBEATABLE ? null : wideFound
  const net = (r: FlowRoute) => r.amountOut - r.gasCostInToken
  const best = both && net(both.route) > net(forward.route) ? both.route : forward.route
  const work = (k: keyof FlowSearchStats) => forward.route.stats[k] + (both?.route.stats[k] ?? 0)
  return {
    ...best,
    stats: {
      edges: best.stats.edges,
      samples: work('samples'),
      solves: work('solves'),
      sweeps: work('sweeps'),
      refineEvaluations: work('refineEvaluations'),
      workingEdges: Math.max(forward.route.stats.workingEdges, both?.route.stats.workingEdges ?? 0),
    },
  }
}

/** 1 - output / (input x spot rate): what a route's output gives up against the best spot rate (`spotRateBound`). */
function priceImpact(amountOut: bigint, amountIn: bigint, spot: number): number {
  return 1 - Number(amountOut) / (Number(amountIn) * spot)
}

/** A flow problem before any pool is sampled (see orderFlow). */
interface OrderedFlow {
  readonly graph: PoolGraph
  readonly tokens: readonly string[]
  readonly edges: readonly Edge[]
  /** Each edge's mid rate. */
  readonly mids: readonly number[]
  /** Each edge's spot rate after fee (what the first unit gets: the most its model can pay). */
  readonly spots: readonly number[]
  /** The best product of spot rates after fee over the paths from tokenIn to tokenOut. */
  readonly spot: number
  /** Whether a wide search would differ: a pool between two connectors, or a connector it reaches further. */
  readonly canWiden: boolean
}

/**
 * The flow problem of a request: the tokens in rank order (`wide`: either way round between connectors, and over
 * connectors one hop beyond `maxHops` of both ends, two between long-tail tokens) and their pool directions.
 * Null when the flow search does not apply (exact output, a taxed end, no pool between the tokens).
 */
function orderFlow(params: FindBestRouteParams, wide: boolean): OrderedFlow | null {
  const taxed = new Set(
    (params.tokens ?? []).filter((t) => (t.transferFeeBps ?? 0) > 0).map((t) => t.address.toLowerCase()),
  )
  const inKey = params.tokenIn.toLowerCase()
  const outKey = params.tokenOut.toLowerCase()
  if (params.tradeType !== 'exactIn' || taxed.has(inKey) || taxed.has(outKey)) return null
  const graph = buildPoolGraph(params)
  const connectors = routeConnectors(graph, params).filter((c) => !taxed.has(c.toLowerCase()))
  const maxHops = params.maxHops ?? 3
  // the wide search's reach beyond maxHops: two hops between long-tail tokens (neither end a connector), whose
  // liquidity runs in chains at both ends (LT0133 -> LT0727 for $16k on the large market: 51.5 -> 1.3 bp short)
  const hub = (key: string) => params.connectors.some((c) => c.toLowerCase() === key)
  const beyond = hub(inKey) || hub(outKey) ? 1 : LONG_TAIL_BEYOND
  const { tokens, farther } = orderTokens(graph, inKey, outKey, connectors, maxHops, beyond, wide)
  if (tokens.length < 2) return null
  const edges = listEdges(graph, tokens, wide)
  if (edges.length === 0) return null
  const mids = edges.map((edge) => midRate(graph, edge))
  const spots = edges.map((edge) => {
    const pool = graph.pools[edge.poolId]
    return pool ? poolSpotRate(pool, sellsToken0(pool, edge.fromAddress)) : 0
  })
  return {
    graph,
    tokens,
    edges,
    mids,
    spots,
    spot: spotRateBound(edges, spots, tokens.length, tokens.length - 1),
    // a pool between two connectors (its forward edge is listed whatever `wide` is)
    canWiden: farther || edges.some((edge) => edge.from > 0 && edge.to < tokens.length - 1),
  }
}

/** What `searchOrderedFlow` answers when no flow it could return can beat `mustBeat`. */
const UNBEATABLE = 'unbeatable'

/**
 * One flow search over an ordered problem: its route with the route's price impact against the best spot rate,
 * null when no step route executes, or UNBEATABLE when a bound shows that no flow it could return (over every
 * pool at first, over the pools left after pruning later) can beat `mustBeat`.
 */
function searchOrderedFlow(
  params: FindBestRouteParams,
  options: FlowSearchOptions,
  ordered: OrderedFlow,
): { route: FlowRoute; impact: number } | typeof UNBEATABLE | null {
  const { graph, tokens, edges, mids, spots, spot } = ordered
  const stats: FlowSearchStats = {
    edges: edges.length,
    samples: 0,
    solves: 0,
    sweeps: 0,
    refineEvaluations: 0,
    workingEdges: 0,
  }
  // one memo for the samples and the exact route quotes (a refinement step changes one pool's amount only)
  const hopCache = params.hopCache ?? createHopCache()
  const quoter = createPathQuoter({ pools: graph.pools, transferFeeBps: () => 0, cache: hopCache })
  const total = Number(params.amount)
  const scales = tokenScales(tokens.length, edges, mids, total)
  const values = tokenValues(tokens.length, edges, mids)
  const gasModel = params.gasModel ?? defaultGasModel
  const gasOf = (units: bigint) =>
    computeGasCostInToken({
      gasUnits: units,
      gasPriceWei: params.gasPriceWei,
      nativePriceInToken: params.nativePriceInTokenOut,
    })
  if (options.mustBeat !== undefined) {
    // float error: round the bound up generously (it only decides whether to search)
    const ideal = BigInt(Math.ceil(total * spot * (1 + 1e-9))) + 1n
    const { amountOutAfterFee } = computeIntegratorFee({ amountOutGross: ideal, feeBps: params.feeBps ?? 0 })
    let cheapestHop = 10n ** 9n
    for (const edge of edges) {
      const pool = graph.pools[edge.poolId]
      const gas = pool ? poolKindOf(pool).hopGasUnits(0) : cheapestHop
      if (gas < cheapestHop) cheapestHop = gas
    }
    // a flow that is no single path takes a path from tokenIn to tokenOut and at least one step more
    const steps = BigInt(fewestSteps(edges, tokens.length) + 1)
    const leastGas = gasModel.base + steps * (gasModel.perLeg + cheapestHop)
    if (amountOutAfterFee - gasOf(leastGas) <= options.mustBeat) return UNBEATABLE
  }
  const sample = (edge: Edge, extra: readonly number[], known?: FlowCurve | null): FlowCurve | null =>
    sampleFlowCurve(
      scales[edge.from] ?? 0,
      (x) => {
        // a resample keeps the samples it already has (the grid is the same, inputs are floored)
        const at = known ? known.xs.indexOf(x) : -1
        if (at > 0) return known?.ys[at] ?? null
        stats.samples++
        return quoter.hopApproxIn(edge.poolId, edge.fromAddress, x)
      },
      extra,
    )
  // each pool direction's model, sampled when the edge first joins the working set (null: it cannot fill)
  const curves: (FlowCurve | null | undefined)[] = edges.map(() => undefined)
  const curveOf = (e: number): FlowCurve | null => {
    const known = curves[e]
    if (known !== undefined) return known
    const edge = edges[e]
    const curve = edge ? sample(edge, []) : null
    curves[e] = curve
    return curve
  }
  // each hop's least gas in tokenOut, by the gas and native prices as floats (a hair under, against float error)
  const gasUnitCost = Number(gasOf(10n ** 18n)) / 1e18
  let hopCosts: number[] | undefined
  /**
   * Whether no flow over these pools can beat `mustBeat`, by a bound on any flow's output after the integrator
   * fee less its gas (`flowDualBound`) at the prices of a solve over every edge: each pool direction used costs
   * at least its hop's gas, and a flow that beats every single path (see `mustBeat`) uses the shortest path's
   * steps and one more, and pays the base and at least two legs' bookkeeping. At prices near the optimum's the
   * bound is close to the best a flow can do, so it shows most trades that the route found before cannot be
   * beaten after one solve, instead of the whole search; it samples the pools further where it is loose, as far
   * as it needs to. Over the edges still active only: the search never brings back a pruned pool.
   */
  const dualBoundCannotBeat = (
    prices: readonly number[],
    known?: ReadonlyMap<number, { readonly xs: readonly number[]; readonly ys: readonly number[] }>,
  ): boolean => {
    if (options.mustBeat === undefined) return false
    const kept = 1 - (params.feeBps ?? 0) / 10_000
    const fixed = Number(gasModel.base + 2n * gasModel.perLeg) * gasUnitCost * (1 - 1e-12)
    hopCosts ??= edges.map((edge) => {
      const pool = graph.pools[edge.poolId]
      return pool ? Number(poolKindOf(pool).hopGasUnits(0)) * gasUnitCost * (1 - 1e-12) : 0
    })
    const ids: number[] = []
    for (let e = 0; e < edges.length; e++) if (active[e]) ids.push(e)
    const bounded = ids.map((e) => ({
      from: edges[e]?.from ?? 0,
      to: edges[e]?.to ?? 0,
      spot: spots[e] ?? 0,
      reach: scales[edges[e]?.from ?? 0] ?? 0,
      cost: hopCosts?.[e] ?? 0,
      samples: known?.get(e) ?? curves[e],
    }))
    const { bound } = flowDualBound({
      edges: bounded,
      prices: prices.map((p) => p * kept),
      total,
      sample: (k, x) => {
        stats.samples++
        const edge = edges[ids[k] ?? -1]
        return edge ? quoter.hopApproxIn(edge.poolId, edge.fromAddress, x) : null
      },
      maxSamples: MAX_BOUND_SAMPLES,
      leastUsed: fewestSteps(edges, tokens.length) + 1,
      target: (Number(options.mustBeat) + fixed) / (1 + 1e-9) - 2,
    })
    // float error: the bound is rounded up generously, as the spot rates' bound is
    return bound * (1 + 1e-9) + 2 - fixed <= Number(options.mustBeat)
  }
  // whether each edge may still carry flow (1) or was pruned (0): bytes, changed in place (an array of booleans
  // made by `map` comes back in either of two element kinds, and the optimized search deoptimized on each switch)
  const active = new Uint8Array(edges.length).fill(1)
  // prices read off the route found before, if any: the first solve tries them (see solveFlowPrices)
  let routePrices: number[] | undefined
  if (options.foundHops && options.mustBeat !== undefined) {
    // the route found before as prices (its pools' marginal rates at its amounts, spot rates elsewhere), its
    // pools sampled there so the bound is tight on them: most routes no flow beats are shown so without a solve
    const rates = [...spots]
    const known = new Map<number, { xs: number[]; ys: number[] }>()
    const onRoute = edges.map(() => false)
    for (const hop of options.foundHops) {
      const inKey = hop.tokenIn.toLowerCase()
      const e = edges.findIndex(
        (edge) => graph.pools[edge.poolId] === hop.pool && edge.fromAddress.toLowerCase() === inKey,
      )
      const edge = edges[e]
      if (!edge) continue
      const x = Number(hop.amountIn)
      const step = x * MARGINAL_STEP
      const y = quoter.hopApproxIn(edge.poolId, edge.fromAddress, x)
      const further = quoter.hopApproxIn(edge.poolId, edge.fromAddress, x + step)
      stats.samples += 2
      if (y === null || further === null || !(step > 0)) continue
      rates[e] = (further - y) / step
      onRoute[e] = true
      known.set(e, { xs: [0, x, x + step], ys: [0, y, further] })
    }
    routePrices = routeDualPrices(edges, tokens.length, rates, onRoute)
    if (dualBoundCannotBeat(routePrices, known)) return UNBEATABLE
  }
  const working = initialWorkingSet(edges, spots, scales, (e, x) =>
    quoter.hopApproxIn(edges[e]?.poolId ?? 0, edges[e]?.fromAddress ?? params.tokenIn, x),
  )
  const inputs: number[] = edges.map(() => 0)
  const outputs: number[] = edges.map(() => 0)
  // each edge's model as the solver takes it, made again only when the edge is resampled
  const models: (FlowEdge | undefined)[] = edges.map(() => undefined)
  // each solve after the first starts from the last one's prices (pruning one pool moves them little)
  let warmPrices: number[] | undefined
  /**
   * Solves over the working set, then prices out the active edges left out (column generation): one whose spot
   * rate after fee beats the ratio of its tokens' prices would take flow at the optimum of all edges, so it
   * joins and the set is solved again; when none does, the solution is the optimum over every active edge.
   */
  const solve = () => {
    for (let round = 0; ; round++) {
      const usable = connectedEdges(
        edges,
        tokens.length,
        edges.map((_, e) => working[e] === true && active[e] === 1 && curveOf(e) != null),
      )
      const live: { e: number; edge: FlowEdge }[] = []
      for (let e = 0; e < edges.length; e++) {
        const edge = edges[e]
        const curve = curves[e]
        if (!edge || !usable[e] || !curve) continue
        let model = models[e]
        if (model?.curve !== curve) {
          model = { from: edge.from, to: edge.to, curve }
          models[e] = model
        }
        live.push({ e, edge: model })
      }
      const solution = solveFlowPrices({
        tokenCount: tokens.length,
        edges: live.map((l) => l.edge),
        total,
        initialPrices: warmPrices ?? values,
        isWarm: warmPrices !== undefined,
        ...(routePrices ? { guessPrices: routePrices } : {}),
      })
      warmPrices = solution.prices
      stats.solves++
      stats.sweeps += solution.sweeps
      stats.workingEdges = Math.max(stats.workingEdges, live.length)
      inputs.fill(0)
      outputs.fill(0)
      for (const [k, l] of live.entries()) {
        inputs[l.e] = solution.inputs[k] ?? 0
        outputs[l.e] = solution.outputs[k] ?? 0
      }
      let joined = false
      if (round < MAX_PRICING_ROUNDS) {
        for (let e = 0; e < edges.length; e++) {
          const edge = edges[e]
          if (!edge) continue
          if (working[e] || !active[e]) continue
          const paid = solution.prices[edge.from] ?? 0
          const got = (solution.prices[edge.to] ?? 0) * (spots[e] ?? 0)
          if (got > paid * (1 + PRICING_MARGIN) && curveOf(e) != null) {
            working[e] = true
            joined = true
          }
        }
      }
      if (!joined) return { live, solution }
    }
  }
  // each pruning round's flow, valued exactly once the search ends: dropping the pool of least margin at a
  // relaxed optimum is a heuristic, and an earlier round's flow may round to the better route
  const pruneFlows: { weights: number[]; prices: readonly number[] }[] = []
  const currentFlow = (prices: readonly number[]) => ({
    weights: edges.map((_, e) => (active[e] ? (inputs[e] ?? 0) : 0)),
    prices,
  })
  /** The used edge whose surplus at the solution's prices falls shortest of its gas, if any falls short. */
  const worstEdge = ({ live, solution }: ReturnType<typeof solve>): number => {
    // an edge whose surplus at the solution's prices is below its gas costs more than it adds (by more than the
    // solve's float noise: see PRUNE_NOISE)
    let worst = -1
    let worstMargin = -PRUNE_NOISE * total * (values[0] ?? 0)
    for (const [k, l] of live.entries()) {
      const x = solution.inputs[k] ?? 0
      if (x <= 0) continue
      const edge = edges[l.e]
      if (!edge) continue
      const surplus =
        (solution.prices[edge.to] ?? 0) * (solution.outputs[k] ?? 0) - (solution.prices[edge.from] ?? 0) * x
      const pool = graph.pools[edge.poolId]
      const gas = pool ? Number(gasOf(gasModel.perLeg + poolKindOf(pool).hopGasUnits(0))) : 0
      if (surplus - gas < worstMargin) {
        worstMargin = surplus - gas
        worst = l.e
      }
    }
    return worst
  }
  // resample each used pool around its amount, then solve once more on the sharper models; again (keeping the
  // samples taken) while the solution leaves the amounts sampled or uses another pool: a model between its grid's
  // samples (a factor of two apart) lies below the pool, and a flow through several such pools settles where
  // they meet the truth. LT1160 -> LT1213 for $68k on the large market: 14.8 bp more after a second round.
  // Returns the last solve, or null where the bound shows no flow wins.
  const centers: number[] = edges.map(() => 0)
  const resample = (last: ReturnType<typeof solve>): ReturnType<typeof solve> | null => {
    for (let round = 0; round < (options.wide === false ? 1 : MAX_RESAMPLE_ROUNDS); round++) {
      let moved = false
      for (let e = 0; e < edges.length; e++) {
        const edge = edges[e]
        const x = inputs[e] ?? 0
        if (!edge || !active[e] || x <= 0) continue
        const center = centers[e] ?? 0
        if (center > 0 && Math.abs(x - center) <= RESAMPLE_SETTLED * center) continue
        moved = true
        centers[e] = x
        curves[e] = sample(
          edge,
          RESAMPLE_AROUND.map((f) => f * x),
          curves[e],
        )
      }
      if (!moved) break
      // a later round's flow may round worse than the one before it: each is a candidate
      if (round > 0) pruneFlows.push(currentFlow(warmPrices ?? values))
      for (let e = 0; e < edges.length; e++) if (curves[e] === null) active[e] = 0
      last = solve()
      // the models are sharper (and the pruned pools out for good): the bound may show it now
      if (round === 0 && dualBoundCannotBeat(last.solution.prices)) return null
    }
    return last
  }
  let pruned = false
  let resampled = false
  let last = solve()
  for (let round = 0; round < MAX_PRUNE_ROUNDS; round++) {
    if (round > 0) last = solve()
    if (round === 0 && dualBoundCannotBeat(last.solution.prices)) return UNBEATABLE
    let worst = worstEdge(last)
    if (round === 0 && worst >= 0) {
      // a flow to prune is first solved on sharper models: pruned from the first grid's, pools were left out
      // whose flow then took detours of more hops, and the whole flow was left untried on the sharper models
      // (LT1603 -> LT1776 for $24,200 on the large market, gas priced: 7.9 bp short of the route found without gas)
      pruneFlows.push(currentFlow(last.solution.prices))
      const sharper = resample(last)
      if (!sharper) return UNBEATABLE
      last = sharper
      resampled = true
      worst = worstEdge(last)
    }
    pruneFlows.push(currentFlow(last.solution.prices))
    if (worst < 0) break
    active[worst] = 0
    pruned = true
  }
  // after pruning, the pools whose amounts moved are resampled (the rest have settled)
  if ((pruned || !resampled) && !resample(last)) return UNBEATABLE
  // the Aggregator takes at most MAX_ROUTE_STEPS steps: leave out the pools given the least value, solve again
  for (;;) {
    const used: number[] = []
    for (let e = 0; e < edges.length; e++) if (active[e] && (inputs[e] ?? 0) > 0) used.push(e)
    if (used.length <= MAX_ROUTE_STEPS) break
    // by the value each delivers (its output at the solution's prices), not base units: a pool of an 8-decimal
    // token is not smaller than one of an 18-decimal token for taking fewer units; and not by what it is given,
    // at its input token's price: a large trade's marginal price of tokenIn is a fraction of what its first
    // units fetch, and a pool out of tokenIn that feeds a whole chain looked the least (LT1264 -> WETH for
    // $67,501 on the large market lost 19% by dropping two such pools)
    const valueGiven = (e: number) => (outputs[e] ?? 0) * (warmPrices?.[edges[e]?.to ?? 0] ?? 0)
    used.sort((a, b) => valueGiven(a) - valueGiven(b))
    const dropped = new Set(used.slice(0, used.length - MAX_ROUTE_STEPS))
    for (const e of dropped) active[e] = 0
    solve()
  }

  let weights = edges.map((_, e) => (active[e] ? (inputs[e] ?? 0) : 0))
  let order = executionOrder(edges, tokens.length, weights, warmPrices ?? values)
  const hopGas = edges.map((edge) => {
    const pool = graph.pools[edge.poolId]
    const kind = pool && poolKindOf(pool)
    return (ticksCrossed: number) => kind?.hopGasUnits(ticksCrossed) ?? 0n
  })
  const evaluate = (
    w: readonly number[],
    inOrder: readonly number[] = order,
  ): { net: number; planned: PlannedStep[] } | null => {
    const planned = planSteps(edges, inOrder, w)
    if (planned.length === 0 || planned.length > MAX_ROUTE_STEPS) return null
    stats.refineEvaluations++
    const run = runPlannedSteps(planned, edges, tokens.length, params.amount, quoter, hopGas, gasModel)
    if (!run) return null
    return { net: run.amountOut - Number(gasOf(run.gasUnits)), planned }
  }
  let best = evaluate(weights)
  for (const flow of pruneFlows) {
    const flowOrder = executionOrder(edges, tokens.length, flow.weights, flow.prices)
    const result = evaluate(flow.weights, flowOrder)
    if (result && (!best || result.net > best.net)) {
      best = result
      weights = flow.weights
      order = flowOrder
    }
  }
  if (!best) return null
  // refinement: each pool's weight moved (or dropped) while that pays; further where a basis point of the
  // trade is worth more than its cheapest hop's gas
  let cheapestHop = Number.POSITIVE_INFINITY
  for (const { e } of best.planned) cheapestHop = Math.min(cheapestHop, Number(hopGas[e]?.(0) ?? 0n))
  const refinesFurther = !(gasUnitCost > 0) || Number(best.net) * 1e-4 > cheapestHop * gasUnitCost
  let patternFrom: number | undefined
  best = refineFlowWeights({
    weights,
    from: edges.map((edge) => edge.from),
    best,
    evaluate,
    canEvaluate: (phase) => {
      if (!refinesFurther) return stats.refineEvaluations < MAX_REFINE_EVALUATIONS
      if (stats.refineEvaluations >= REFINE_MOST) return false
      if (phase === 'coarse') return true
      patternFrom ??= stats.refineEvaluations
      return stats.refineEvaluations - patternFrom < REFINE_PATTERN
    },
  })
  // the winner's steps as the Aggregator runs them, quoted once more in full (the same hops, from the memo)
  const quote = quoteRouteSteps({
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amount,
    steps: best.planned.map(({ e, share }) => {
      const edge = edges[e]
      const pool = edge && graph.pools[edge.poolId]
      if (!edge || !pool) throw new Error('planned step without its pool')
      return { pool, tokenIn: edge.fromAddress, tokenOut: edge.toAddress, share }
    }),
    hopCache,
  })
  if (!quote) return null
  const gasUnits = computeStepsGasUnits(quote.steps, gasModel)
  return {
    route: {
      steps: quote.steps,
      amountOut: quote.amountOut,
      gasUnits,
      gasCostInToken: gasOf(gasUnits),
      stats,
    },
    impact: priceImpact(quote.amountOut, params.amount, spot),
  }
}

/** The fewest steps of a path from token 0 to the last token over `edges` (breadth first; 0 when none). */
function fewestSteps(edges: readonly Edge[], count: number): number {
  const depth = new Int32Array(count).fill(-1)
  depth[0] = 0
  const queue = [0]
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i] ?? 0
    for (const edge of edges) {
      if (edge.from !== t || (depth[edge.to] ?? 0) >= 0) continue
      depth[edge.to] = (depth[t] ?? 0) + 1
      if (edge.to === count - 1) return depth[edge.to] ?? 0
      queue.push(edge.to)
    }
  }
  return 0
}

/**
 * tokenIn, the connectors within `maxHops` of both ends, tokenOut: ordered by their rank, (hops from the input)
 * minus (hops to the output); pools run forward in this order (and in the wide search both ways between
 * connectors: the flow's own order among them is settled after the solve, see executionOrder). Lower-cased keys;
 * index 0 is tokenIn, the last tokenOut; with `wide`, connectors up to `beyond` hops beyond `maxHops` too.
 * `farther`: whether a connector lies beyond `maxHops` within `beyond` (where a wide search would reach).
 */
function orderTokens(
  graph: PoolGraph,
  inKey: string,
  outKey: string,
  connectors: readonly Address[],
  maxHops: number,
  beyond: number,
  wide: boolean,
): { tokens: string[]; farther: boolean } {
  const allowed = new Set([inKey, outKey, ...connectors.map((c) => c.toLowerCase())])
  const allowedList = [...allowed]
  const distances = (from: string) => {
    const dist = new Map<string, number>([[from, 0]])
    const queue = [from]
    for (let i = 0; i < queue.length; i++) {
      const token = queue[i] ?? ''
      const d = dist.get(token) ?? 0
      // the allowed tokens are a few, a hub's neighbours thousands on a real market: ask the neighbours of each
      const neighbours = graph.adjacency.get(token)
      if (!neighbours) continue
      for (const next of allowedList) {
        if (dist.has(next) || !neighbours.has(next)) continue
        dist.set(next, d + 1)
        queue.push(next)
      }
    }
    return dist
  }
  const fromIn = distances(inKey)
  const toOut = distances(outKey)
  if (!fromIn.has(outKey)) return { tokens: [], farther: false }
  const reach = (t: string) => {
    if (t === inKey || t === outKey) return Infinity
    return (fromIn.get(t) ?? Infinity) + (toOut.get(t) ?? Infinity)
  }
  const middle = [...allowed].filter((t) => reach(t) <= maxHops + (wide ? beyond : 0))
  const farther = [...allowed].some((t) => reach(t) > maxHops && reach(t) <= maxHops + beyond)
  const rank = (t: string) => (fromIn.get(t) ?? 0) - (toOut.get(t) ?? 0)
  middle.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
  return { tokens: [inKey, ...middle, outKey], farther }
}

/**
 * Every pool direction from an earlier token to a later one of `tokens`, and with `bothWays` back between any two
 * but the ends (nothing flows back into tokenIn or out of tokenOut). Either way round, not only between connectors
 * of one rank: a connector nearer the output may still pay into one farther from it whose pools out are deeper
 * (LT0018 -> LT1163 on the large market: 113 bp more; A -> M -> N -> O -> B over eight pools, 6.8%).
 */
function listEdges(graph: PoolGraph, tokens: readonly string[], bothWays: boolean): Edge[] {
  const last = tokens.length - 1
  const edges: Edge[] = []
  for (let a = 0; a < tokens.length - 1; a++) {
    const neighbours = graph.adjacency.get(tokens[a] ?? '')
    if (!neighbours) continue
    for (let b = a + 1; b < tokens.length; b++) {
      for (const poolId of neighbours.get(tokens[b] ?? '') ?? []) {
        const fromAddress = graph.addresses.get(tokens[a] ?? '')
        const toAddress = graph.addresses.get(tokens[b] ?? '')
        if (!fromAddress || !toAddress) continue
        edges.push({ poolId, from: a, to: b, fromAddress, toAddress })
        if (bothWays && a > 0 && b < last)
          edges.push({ poolId, from: b, to: a, fromAddress: toAddress, toAddress: fromAddress })
      }
    }
  }
  return edges
}

/**
 * The order the route runs its tokens in: tokenIn first, tokenOut last, every token after all that pay into it (a
 * topological order of the edges given weight). Where weights run both ways round a cycle (possible only between
 * connectors, in the wide search), the cycle's edge of least value is given none, in `weights`, until none is
 * left. Pure but for `weights`.
 */
function executionOrder(
  edges: readonly Edge[],
  tokenCount: number,
  weights: number[],
  prices: readonly number[],
): number[] {
  const out = tokenCount - 1
  for (;;) {
    // the edges given weight, by their input token (in edge order, as the order below depends on it)
    const from: number[][] = Array.from({ length: tokenCount }, () => [])
    const indegree = new Array<number>(tokenCount).fill(0)
    for (let e = 0; e < edges.length; e++) {
      const edge = edges[e]
      if (!edge || (weights[e] ?? 0) <= 0) continue
      from[edge.from]?.push(e)
      indegree[edge.to] = (indegree[edge.to] ?? 0) + 1
    }
    const order: number[] = []
    const done = new Uint8Array(tokenCount)
    const ready = [0]
    for (let t = 1; t < out; t++) if (indegree[t] === 0) ready.push(t)
    for (let k = 0; k < ready.length; k++) {
      const t = ready[k] ?? 0
      order.push(t)
      done[t] = 1
      for (const e of from[t] ?? []) {
        const to = edges[e]?.to ?? 0
        indegree[to] = (indegree[to] ?? 0) - 1
        if (indegree[to] === 0 && to !== out) ready.push(to)
      }
    }
    if (order.length === out) return [...order, out]
    // a cycle among the tokens left: give its least valuable edge nothing and order again
    let cheapest = -1
    for (let e = 0; e < edges.length; e++) {
      const edge = edges[e]
      if (!edge) continue
      if ((weights[e] ?? 0) <= 0 || done[edge.from] || done[edge.to] || edge.to === out) continue
      const value = (weights[e] ?? 0) * (prices[edge.from] ?? 0)
      if (cheapest < 0 || value < (weights[cheapest] ?? 0) * (prices[edges[cheapest]?.from ?? 0] ?? 0))
        cheapest = e
    }
    if (cheapest < 0)
      return [...order, ...Array.from({ length: tokenCount }, (_, t) => t).filter((t) => !done[t])]
    weights[cheapest] = 0
  }
}

/**
 * The best product of spot rates after fee (tokenOut per tokenIn, base units) over the paths from token 0 to
 * token `out`: passes over the edges until nothing improves, at most one per token (a path visits each once).
 */
function spotRateBound(edges: readonly Edge[], spots: readonly number[], count: number, out: number): number {
  const best = Array.from({ length: count }, (_, t): number => (t === 0 ? 1 : 0))
  for (let pass = 0, changed = true; changed && pass < count; pass++) {
    changed = false
    for (let e = 0; e < edges.length; e++) {
      const edge = edges[e]
      if (!edge) continue
      const value = (best[edge.from] ?? 0) * (spots[e] ?? 0)
      if (value > (best[edge.to] ?? 0)) {
        best[edge.to] = value
        changed = true
      }
    }
  }
  return best[out] ?? 0
}

/** An edge's pool's mid rate in its direction (`poolMidRate`). */
function midRate(graph: PoolGraph, edge: Edge): number {
  const pool = graph.pools[edge.poolId]
  return pool ? poolMidRate(pool, sellsToken0(pool, edge.fromAddress)) : 0
}

/** How much of each token the whole input is worth at the pools' mid prices (the models' input scale). */
function tokenScales(
  count: number,
  edges: readonly Edge[],
  mids: readonly number[],
  total: number,
): number[] {
  const scales = Array.from({ length: count }, (_, t): number => (t === 0 ? total : 0))
  for (let pass = 0, changed = true; changed && pass < count; pass++) {
    changed = false
    for (let e = 0; e < edges.length; e++) {
      const edge = edges[e]
      if (!edge) continue
      const value = (scales[edge.from] ?? 0) * (mids[e] ?? 0)
      if (value > (scales[edge.to] ?? 0)) {
        scales[edge.to] = value
        changed = true
      }
    }
  }
  return scales
}

/** Each token's value in tokenOut base units at the pools' mid prices (the dual's starting prices). */
function tokenValues(count: number, edges: readonly Edge[], mids: readonly number[]): number[] {
  const values = Array.from({ length: count }, (_, t): number => (t === count - 1 ? 1 : 0))
  for (let pass = 0, changed = true; changed && pass < count; pass++) {
    changed = false
    for (let k = edges.length - 1; k >= 0; k--) {
      const edge = edges[k]
      if (!edge) continue
      const value = (mids[k] ?? 0) * (values[edge.to] ?? 0)
      if (value > (values[edge.from] ?? 0)) {
        values[edge.from] = value
        changed = true
      }
    }
  }
  return values
}

/** A step of a planned route: edge `e` spends `share` (of 1e18) of what the route holds of its input. */
interface PlannedStep {
  readonly e: number
  readonly share: bigint
}

/**
 * Steps for edge weights (a token's outflow split in proportion to its edges' weights): edges from tokens the
 * flow never reaches and into tokens it never leaves are dropped; each token's steps run in `order` (see
 * executionOrder), its largest weight last spending all it holds. Empty when nothing reaches tokenOut.
 */
function planSteps(
  edges: readonly Edge[],
  order: readonly number[],
  weights: readonly number[],
): PlannedStep[] {
  const tokenCount = order.length
  // the edges given weight (a handful of the problem's hundreds), in edge order
  let live: number[] = []
  for (let e = 0; e < weights.length; e++) if ((weights[e] ?? 0) > 0) live.push(e)
  const reached = new Uint8Array(tokenCount)
  const leaves = new Uint8Array(tokenCount)
  for (let changed = true; changed; ) {
    reached.fill(0)
    leaves.fill(0)
    reached[0] = 1
    leaves[tokenCount - 1] = 1
    for (const e of live) {
      const edge = edges[e]
      if (!edge) continue
      reached[edge.to] = 1
      leaves[edge.from] = 1
    }
    const kept = live.filter((e) => {
      const edge = edges[e]
      return edge !== undefined && reached[edge.from] === 1 && leaves[edge.to] === 1
    })
    changed = kept.length !== live.length
    live = kept
  }
  // by their token's place in `order`, then by weight (a stable sort: equal weights keep edge order)
  const rank = new Int32Array(tokenCount)
  for (let k = 0; k < tokenCount; k++) rank[order[k] ?? 0] = k
  const place = (e: number) => rank[edges[e]?.from ?? 0] ?? 0
  live.sort((a, b) => place(a) - place(b) || (weights[a] ?? 0) - (weights[b] ?? 0))
  const steps: PlannedStep[] = []
  let reachesOut = false
  for (let k = 0; k < live.length; ) {
    const t = edges[live[k] ?? 0]?.from ?? 0
    let end = k
    let rest = 0
    while (end < live.length && edges[live[end] ?? 0]?.from === t) rest += weights[live[end++] ?? 0] ?? 0
    if (t !== tokenCount - 1) {
      for (let j = k; j < end; j++) {
        const e = live[j] ?? 0
        const w = weights[e] ?? 0
        const share = j === end - 1 ? STEP_SHARE_ONE : BigInt(Math.floor((w / rest) * 1e18))
        rest -= w
        if (share <= 0n) continue
        steps.push({ e, share })
        if (edges[e]?.to === tokenCount - 1) reachesOut = true
      }
    }
    k = end
  }
  return reachesOut ? steps : []
}

/**
 * The output and gas of planned steps as `quoteRouteSteps` (and so the Aggregator) computes them, to within a
 * millionth a hop (`hopNearIn`), over token indexes instead of addresses (the refinement runs this for every
 * trial; the winner is quoted exactly after): each step spends held * share / 1e18 of its input (all of it at
 * 1e18). Null where the route would revert (an unheld input, a hop that cannot fill, anything left behind).
 */
function runPlannedSteps(
  planned: readonly PlannedStep[],
  edges: readonly Edge[],
  tokenCount: number,
  amountIn: bigint,
  quoter: ReturnType<typeof createPathQuoter>,
  hopGas: readonly ((ticksCrossed: number) => bigint)[],
  gasModel: GasModel,
): { amountOut: number; gasUnits: bigint } | null {
  const held = new Float64Array(tokenCount)
  const holds = new Uint8Array(tokenCount)
  held[0] = Number(amountIn)
  holds[0] = 1
  const crossed = { ticks: 0 }
  let gasUnits = gasModel.base
  for (const { e, share } of planned) {
    const edge = edges[e]
    if (!edge || !holds[edge.from]) return null
    const holding = held[edge.from] ?? 0
    const amount = share === STEP_SHARE_ONE ? holding : Math.floor(holding * (Number(share) / 1e18))
    const received = quoter.hopNearIn(edge.poolId, edge.fromAddress, amount, crossed)
    if (received === null) return null
    held[edge.from] = holding - amount
    held[edge.to] = (held[edge.to] ?? 0) + received
    holds[edge.to] = 1
    gasUnits += gasModel.perLeg + (hopGas[e]?.(crossed.ticks) ?? 0n)
  }
  for (let t = 0; t < tokenCount - 1; t++) if (held[t] !== 0) return null
  const amountOut = held[tokenCount - 1] ?? 0
  return amountOut > 0 ? { amountOut, gasUnits } : null
}
