import type { Address } from 'viem'
import type { PoolGraph } from './buildPoolGraph'
import type { PathQuoter, PoolPath } from './createPathQuoter'
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

  const probe = (path: readonly string[], options: number[][], probeAmount: bigint): Probe => {
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
      const scored = ids.map((id) => {
        const r = exactIn
          ? quoter.hopExactIn(id, tokenIn, amountHere)
          : quoter.hopExactOut(id, tokenIn, amountHere)
        return { id, next: r === null ? null : exactIn ? r.received : r.sent }
      })
      scored.sort((x, y) => {
        if (x.next === null) return y.next === null ? 0 : 1
        if (y.next === null) return -1
        const better = exactIn ? y.next - x.next : x.next - y.next
        return better > 0n ? 1 : better < 0n ? -1 : 0
      })
      rankings[h] = scored.map((s) => s.id)
      running = scored[0]?.next ?? null
    }
    const score = running === null ? null : exactIn ? running : -running
    return { score, rankings }
  }

  const probed = tokenPaths.flatMap((path) => {
    const options = optionsOf(path)
    if (!options) return []
    const full = probe(path, options, amount)
    const small = amount >= 16n ? probe(path, options, amount / 16n) : full
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
