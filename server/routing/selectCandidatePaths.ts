import type { Address } from 'viem'
import type { PoolGraph } from './buildPoolGraph'
import type { PathQuoter, PoolPath } from './createPathQuoter'
import { poolSpotRate } from './poolMidRate'
import { sellsToken0 } from './sellsToken0'
import type { TradeType } from './types'

export interface SelectCandidatePathsParams {
  graph: PoolGraph
  quoter: PathQuoter
  /** Lower-cased token sequences from findTokenPaths. */
  tokenPaths: readonly (readonly string[])[]
  tradeType: TradeType
  /** The amount being routed (aggregator-side input for exactIn, gross output for exactOut). */
  amount: bigint
  /** Token paths kept per probe amount. Default 8. */
  tokenPathsPerProbe?: number
}

interface Probe {
  /**
   * Objective at the probe amount (output, or minus input), null when the greedy path cannot execute: in floating
   * point (an exact input's hops are simulated so, within about 1e-12 of the exact output).
   */
  score: number | null
  /** Per hop, pool ids best first at the probe amount (unreachable hops keep graph order). */
  rankings: number[][]
}

/**
 * Chooses the pool-level paths the optimizer works with. Each token path is probed greedily at the full amount
 * and at 1/16 of it (at every hop, the pool giving the most output or asking the least input; optimal for a
 * chain since each hop is monotonic). The best token paths of each probe are kept and expanded into pool
 * combinations: every pool of a direct pair, the top 3 per hop for two hops, the top 2 per hop for three.
 * With an exact input the probes rank on `hopNearIn` (the float simulation where amounts are large): a ranking
 * needs no wei, and the exact quotes of the paths chosen come after, in the optimizer.
 */
export function selectCandidatePaths(params: SelectCandidatePathsParams): PoolPath[] {
  const { graph, quoter, tokenPaths, tradeType, amount } = params
  const perProbe = params.tokenPathsPerProbe ?? 8
  const exactIn = tradeType === 'exactIn'
  const address = (key: string): Address | undefined => graph.addresses.get(key)

  const optionsOf = (path: readonly string[]): number[][] | null => {
    const options: number[][] = []
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i]
      const b = path[i + 1]
      const ids = a !== undefined && b !== undefined ? graph.adjacency.get(a)?.get(b) : undefined
      if (!ids || ids.length === 0) return null
      options.push([...ids])
    }
    return options
  }

  /**
   * Each hop's pools ranked by what they give for the running amount (exact input) or ask for it (exact
   * output), best first. Only the first `keep` of a ranking are used (candidates, or the running amount): with an
   * exact input the pools are simulated in order of their spot rates, and once `keep` pools give more than any
   * pool left could (its spot rate times the input, which bounds its output), the rest are ranked after them
   * unsimulated; the first `keep` are those the full ranking would give, in its order.
   */
  const probe = (path: readonly string[], options: number[][], probeAmount: bigint, keep: number): Probe => {
    const rankings = options.map((ids) => [...ids])
    const hopCount = options.length
    if (exactIn) {
      let running: number | null = Number(probeAmount)
      for (let h = 0; h < hopCount; h++) {
        const tokenIn = address(path[h] ?? '')
        const ids = rankings[h]
        if (running === null || tokenIn === undefined || ids === undefined) return { score: null, rankings }
        const scored = rankExactIn(ids, tokenIn, running, keep)
        rankings[h] = scored.map((s) => s.id)
        running = scored[0]?.next ?? null
      }
      return { score: running, rankings }
    }
    let running: bigint | null = probeAmount
    for (let h = hopCount - 1; h >= 0; h--) {
      const tokenIn = address(path[h] ?? '')
      const ids = rankings[h]
      if (running === null || tokenIn === undefined || ids === undefined) return { score: null, rankings }
      const amountOut: bigint = running
      const scored = ids.map((id) => {
        const r = quoter.hopExactOut(id, tokenIn, amountOut)
        return { id, next: r === null ? null : r.sent }
      })
      scored.sort((x, y) => {
        if (x.next === null) return y.next === null ? 0 : 1
        if (y.next === null) return -1
        const better = x.next - y.next
        return better > 0n ? 1 : better < 0n ? -1 : 0
      })
      rankings[h] = scored.map((s) => s.id)
      running = scored[0]?.next ?? null
    }
    return { score: running === null ? null : -Number(running), rankings }
  }

  /** `ids` by what each gives for `amountIn`, best first (ties in `ids` order); see `probe` for `keep`. */
  const rankExactIn = (ids: readonly number[], tokenIn: Address, x: number, keep: number) => {
    const key = tokenIn.toLowerCase()
    const bound = ids.map((id) => {
      const pool = graph.pools[id]
      // rounded up generously against float error: it only decides which pools need no simulation
      return pool ? x * poolSpotRate(pool, sellsToken0(pool, key)) * (1 + 1e-9) + 1 : Infinity
    })
    const byBound = ids.map((_, k) => k).sort((a, b) => (bound[b] ?? 0) - (bound[a] ?? 0))
    const scored: { id: number; k: number; next: number | null }[] = []
    const best: number[] = []
    let simulated = 0
    for (; simulated < byBound.length; simulated++) {
      const k = byBound[simulated] ?? 0
      const kth = best[keep - 1]
      if (kth !== undefined && (bound[k] ?? 0) < kth) break
      const id = ids[k] ?? -1
      const next = quoter.hopNearIn(id, tokenIn, x)
      scored.push({ id, k, next })
      if (next !== null && keep < Number.POSITIVE_INFINITY) {
        // the `keep` best outputs so far, best first
        let at = best.length
        while (at > 0 && (best[at - 1] ?? 0) < next) at--
        if (at < keep) best.splice(at, 0, next)
        if (best.length > keep) best.pop()
      }
    }
    scored.sort((a, b) => {
      if (a.next === null) return b.next === null ? a.k - b.k : 1
      if (b.next === null) return -1
      return b.next > a.next ? 1 : b.next < a.next ? -1 : a.k - b.k
    })
    for (let rest = simulated; rest < byBound.length; rest++) {
      const k = byBound[rest] ?? 0
      scored.push({ id: ids[k] ?? -1, k, next: null })
    }
    return scored
  }

  // every pool of a direct pair is a candidate; of a longer path the first few of each hop, and the small probe's
  // best
  const keepOf = (hops: number) => (hops === 1 ? Number.POSITIVE_INFINITY : hops === 2 ? 5 : 3)
  const entries = tokenPaths.flatMap((path) => {
    const options = optionsOf(path)
    return options ? [{ path, options }] : []
  })
  // with an exact input a path pays at most the amount times its hops' best spot rates: probed in that order, a
  // path that cannot reach the `perProbe`-th score of either probe so far is not probed (it cannot be chosen)
  const hopRates = new Map<string, Map<string, number>>()
  const bounds = exactIn
    ? entries.map(({ path, options }) => spotBound(graph, path, options, hopRates))
    : undefined
  const order = entries.map((_, k) => k)
  if (bounds) order.sort((a, b) => (bounds[b] ?? 0) - (bounds[a] ?? 0))
  const smallAmount = amount >= 16n ? amount / 16n : amount
  const fullBest = new TopScores(perProbe)
  const smallBest = new TopScores(perProbe)
  const probes: ({ full: Probe; small: Probe } | undefined)[] = entries.map(() => undefined)
  for (const k of order) {
    const entry = entries[k]
    if (!entry) continue
    const bound = bounds?.[k]
    // rounded up generously against float error: it only decides which paths need no probe
    if (
      bound !== undefined &&
      fullBest.beats(Number(amount) * bound * (1 + 1e-6) + 16) &&
      smallBest.beats(Number(smallAmount) * bound * (1 + 1e-6) + 16)
    )
      continue
    const full = probe(entry.path, entry.options, amount, keepOf(entry.options.length))
    const small = amount >= 16n ? probe(entry.path, entry.options, smallAmount, 1) : full
    fullBest.add(full.score)
    smallBest.add(small.score)
    probes[k] = { full, small }
  }
  const probed = entries.flatMap(({ path }, k) => {
    const found = probes[k]
    return found ? [{ path, ...found }] : []
  })

  const top = (pick: (p: (typeof probed)[number]) => number | null) =>
    probed
      .filter((p) => pick(p) !== null)
      .sort((x, y) => (pick(y) ?? 0) - (pick(x) ?? 0))
      .slice(0, perProbe)
  const chosen = new Set([...top((p) => p.full.score), ...top((p) => p.small.score)])

  const candidates: PoolPath[] = []
  for (const entry of probed) {
    if (!chosen.has(entry)) continue
    const hopCount = entry.full.rankings.length
    const perHop = hopCount === 1 ? Number.POSITIVE_INFINITY : hopCount === 2 ? 5 : 3
    const choices = entry.full.rankings.map((ranking, h) => {
      const picked = ranking.slice(0, perHop)
      const smallBest = entry.small.rankings[h]?.[0]
      if (smallBest !== undefined && !picked.includes(smallBest)) picked.push(smallBest)
      return picked
    })
    const tokens = entry.path.map((key) => address(key))
    if (tokens.some((t) => t === undefined)) continue
    const definedTokens = tokens.filter((t): t is Address => t !== undefined)
    let combos: number[][] = [[]]
    for (const ids of choices) combos = combos.flatMap((prefix) => ids.map((id) => [...prefix, id]))
    for (const poolIds of combos) candidates.push({ poolIds, tokens: definedTokens })
  }
  return candidates
}

/**
 * The product of each hop's best spot rate after fee along a token path (no trade along it gets more per unit):
 * the most a pool of each hop pays for the first unit. `hopRates` keeps each hop's by its tokens (token paths share
 * their hops).
 */
function spotBound(
  graph: PoolGraph,
  path: readonly string[],
  options: readonly (readonly number[])[],
  hopRates: Map<string, Map<string, number>>,
): number {
  let bound = 1
  for (let h = 0; h < options.length; h++) {
    const ids = options[h] ?? []
    const from = path[h] ?? ''
    let rates = hopRates.get(from)
    if (!rates) {
      rates = new Map()
      hopRates.set(from, rates)
    }
    let best = rates.get(path[h + 1] ?? '')
    if (best === undefined) {
      best = 0
      for (const id of ids) {
        const pool = graph.pools[id]
        if (!pool) continue
        const rate = poolSpotRate(pool, sellsToken0(pool, from))
        if (rate > best) best = rate
      }
      rates.set(path[h + 1] ?? '', best)
    }
    bound *= best
  }
  return bound
}

/** The `size` best scores seen (nulls ignored), and whether a value stays below all of them. */
class TopScores {
  private readonly scores: number[] = []
  constructor(private readonly size: number) {}
  add(score: number | null): void {
    if (score === null) return
    let at = this.scores.length
    while (at > 0 && (this.scores[at - 1] ?? 0) < score) at--
    if (at >= this.size) return
    this.scores.splice(at, 0, score)
    if (this.scores.length > this.size) this.scores.pop()
  }
  /** Whether `size` scores are known and the least of them exceeds `value`. */
  beats(value: number): boolean {
    const least = this.scores[this.size - 1]
    return least !== undefined && least > value
  }
}
