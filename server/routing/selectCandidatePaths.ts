import type { Address } from 'viem'
import type { PoolGraph } from './buildPoolGraph'
import type { PathQuoter, PoolPath } from './createPathQuoter'
import { poolSpotRate } from './poolMidRate'
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
  /** Objective at the probe amount (output, or minus input), null when the greedy path cannot execute. */
  score: bigint | null
  /** Per hop, pool ids best first at the probe amount (unreachable hops keep graph order). */
  rankings: number[][]
}

/**
 * Chooses the pool-level paths the optimizer works with. Each token path is probed greedily at the full amount
 * and at 1/16 of it (at every hop, the pool giving the most output or asking the least input; optimal for a
 * chain since each hop is monotonic). The best token paths of each probe are kept and expanded into pool
 * combinations: every pool of a direct pair, the top 3 per hop for two hops, the top 2 per hop for three.
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
    let running: bigint | null = probeAmount
    for (let step = 0; step < hopCount; step++) {
      const h = exactIn ? step : hopCount - 1 - step
      const tokenIn = address(path[h] ?? '')
      const ids = rankings[h]
      if (running === null || tokenIn === undefined || ids === undefined) {
        running = null
        break
      }
      const amountHere: bigint = running
      const scored = exactIn
        ? rankExactIn(ids, tokenIn, amountHere, keep)
        : ids.map((id) => {
            const r = quoter.hopExactOut(id, tokenIn, amountHere)
            return { id, next: r === null ? null : r.sent }
          })
      if (!exactIn) {
        scored.sort((x, y) => {
          if (x.next === null) return y.next === null ? 0 : 1
          if (y.next === null) return -1
          const better = x.next - y.next
          return better > 0n ? 1 : better < 0n ? -1 : 0
        })
      }
      rankings[h] = scored.map((s) => s.id)
      running = scored[0]?.next ?? null
    }
    const score = running === null ? null : exactIn ? running : -running
    return { score, rankings }
  }

  /** `ids` by what each gives for `amountIn`, best first (ties in `ids` order); see `probe` for `keep`. */
  const rankExactIn = (ids: readonly number[], tokenIn: Address, amountIn: bigint, keep: number) => {
    const key = tokenIn.toLowerCase()
    const x = Number(amountIn)
    const bound = ids.map((id) => {
      const pool = graph.pools[id]
      // rounded up generously against float error: it only decides which pools need no simulation
      return pool ? x * poolSpotRate(pool, pool.token0.toLowerCase() === key) * (1 + 1e-9) + 1 : Infinity
    })
    const byBound = ids.map((_, k) => k).sort((a, b) => (bound[b] ?? 0) - (bound[a] ?? 0))
    const scored: { id: number; k: number; next: bigint | null }[] = []
    const best: bigint[] = []
    let simulated = 0
    for (; simulated < byBound.length; simulated++) {
      const k = byBound[simulated] ?? 0
      const kth = best[keep - 1]
      if (kth !== undefined && (bound[k] ?? 0) < Number(kth)) break
      const id = ids[k] ?? -1
      const r = quoter.hopExactIn(id, tokenIn, amountIn)
      const next = r === null ? null : r.received
      scored.push({ id, k, next })
      if (next !== null && keep < Number.POSITIVE_INFINITY) {
        // the `keep` best outputs so far, best first
        let at = best.length
        while (at > 0 && (best[at - 1] ?? 0n) < next) at--
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

  const probed = tokenPaths.flatMap((path) => {
    const options = optionsOf(path)
    if (!options) return []
    // every pool of a direct pair is a candidate; of a longer path the first few of each hop, and the small
    // probe's best
    const keep = options.length === 1 ? Number.POSITIVE_INFINITY : options.length === 2 ? 5 : 3
    const full = probe(path, options, amount, keep)
    const small = amount >= 16n ? probe(path, options, amount / 16n, 1) : full
    return [{ path, full, small }]
  })

  const top = (pick: (p: (typeof probed)[number]) => bigint | null) =>
    probed
      .filter((p) => pick(p) !== null)
      .sort((x, y) => {
        const d = (pick(y) ?? 0n) - (pick(x) ?? 0n)
        return d > 0n ? 1 : d < 0n ? -1 : 0
      })
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
