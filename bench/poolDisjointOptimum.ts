import type { Address } from 'viem'
import { buildPoolGraph } from '../server/routing/buildPoolGraph'
import { createPathQuoter, type PoolPath } from '../server/routing/createPathQuoter'
import { findTokenPaths } from '../server/routing/findTokenPaths'
import { computeGasCostInToken, computeRouteGasUnits, defaultGasModel } from '../server/routing/gasModel'
import type { Leg, PoolState, Price, TokenFacts } from '../server/routing/types'

export interface PoolDisjointOptimumParams {
  pools: readonly PoolState[]
  tokenIn: Address
  tokenOut: Address
  /** Exact input (after the pull tax, as the router's legs see it). */
  amountIn: bigint
  tokens?: readonly TokenFacts[]
  maxHops?: number
  maxLegs?: number
  /** Prices gas as the router does; without both, the optimum is gross. */
  gasPriceWei?: bigint
  nativePriceInTokenOut?: Price
  /** Sets kept per level of the beam. Default 48. */
  beamWidth?: number
}

export interface PoolDisjointOptimum {
  /** Output of the legs, exact, net of gas when gas is priced. */
  net: bigint
  /** Gross output of the legs. */
  amountOut: bigint
  legs: { poolIds: readonly number[]; amountIn: bigint; amountOut: bigint }[]
  paths: number
}

const GRID = 96

/**
 * Reference for `bench:quote`, independent of the router's search: the best pool-disjoint split of an exact-in
 * trade over EVERY simple path of up to `maxHops` hops through ANY token of the snapshot (every pool of every
 * hop), each path's exact output sampled on a 96-point grid. Sets of paths are searched level by level (a beam
 * of the best `beamWidth` sets of each size, every compatible path tried as an extension); each set is valued at
 * the allocation equalising marginal rates (bisection on the common rate over the sampled curves), and the best
 * sets are then evaluated with the exact integer math, amounts polished by exact coordinate search between
 * pairs of legs. The exact result is achievable, so the router can match it but not beat it by more than the
 * beam misses.
 */
export function poolDisjointOptimum(params: PoolDisjointOptimumParams): PoolDisjointOptimum | null {
  const { amountIn: total } = params
  const maxLegs = params.maxLegs ?? 8
  const beamWidth = params.beamWidth ?? 48
  const taxes = new Map((params.tokens ?? []).map((t) => [t.address.toLowerCase(), t.transferFeeBps ?? 0]))
  const graph = buildPoolGraph({ pools: params.pools })
  const everyToken = new Set(graph.addresses.keys())
  const tokenPaths = findTokenPaths({
    graph,
    tokenIn: params.tokenIn.toLowerCase(),
    tokenOut: params.tokenOut.toLowerCase(),
    connectors: everyToken,
    maxHops: params.maxHops ?? 3,
  })
  const quoter = createPathQuoter({ pools: graph.pools, transferFeeBps: (t) => taxes.get(t) ?? 0 })
  const paths: PoolPath[] = []
  for (const tokens of tokenPaths) {
    let combos: number[][] = [[]]
    for (let h = 0; h + 1 < tokens.length; h++) {
      const ids = graph.adjacency.get(tokens[h] ?? '')?.get(tokens[h + 1] ?? '') ?? []
      combos = combos.flatMap((prefix) => ids.map((id) => [...prefix, id]))
    }
    const spelled = tokens.map((t) => graph.addresses.get(t)).filter((t): t is Address => t !== undefined)
    for (const poolIds of combos) paths.push({ poolIds, tokens: spelled })
  }
  const gasPriced = params.gasPriceWei !== undefined && params.nativePriceInTokenOut !== undefined
  const gasOf = (legs: readonly Leg[]) =>
    gasPriced
      ? computeGasCostInToken({
          gasUnits: computeRouteGasUnits(legs, defaultGasModel),
          gasPriceWei: params.gasPriceWei,
          nativePriceInToken: params.nativePriceInTokenOut,
        })
      : 0n
  const baseGas = gasOf([])

  // Sampled curves: xs (float), ys (float), and the gas of the path as a leg.
  const curves = paths.map((path) => {
    const xs = [0]
    const ys = [0]
    let legGas = 0
    for (let k = 1; k <= GRID; k++) {
      const x = (total * BigInt(k)) / BigInt(GRID)
      const q = x > 0n ? quoter.quoteExactIn(path, x) : null
      if (!q) break
      xs.push(Number(x))
      ys.push(Number(q.amountOut))
      legGas = Number(gasOf([{ amountIn: x, amountOut: q.amountOut, hops: q.hops }]) - baseGas)
    }
    return { xs, ys, legGas }
  })

  // Concave hull of each curve (upper chain from the origin), as breakpoints and chord slopes.
  const hulls = curves.map((c) => {
    const hx: number[] = []
    const hy: number[] = []
    for (let k = 0; k < c.xs.length; k++) {
      const x = c.xs[k] ?? 0
      const y = c.ys[k] ?? 0
      while (hx.length >= 2) {
        const n = hx.length
        const ax = hx[n - 2] ?? 0
        const ay = hy[n - 2] ?? 0
        if (((hy[n - 1] ?? 0) - ay) * (x - ax) <= (y - ay) * ((hx[n - 1] ?? 0) - ax)) {
          hx.pop()
          hy.pop()
        } else break
      }
      hx.push(x)
      hy.push(y)
    }
    const slopes = hx.slice(1).map((x, k) => ((hy[k + 1] ?? 0) - (hy[k] ?? 0)) / (x - (hx[k] ?? 0)))
    return { hx, slopes }
  })
  /** Amount a curve takes at marginal rate `rate`: the end of its last hull chord at least that steep. */
  const takeAt = (m: number, rate: number): number => {
    const h = hulls[m]
    if (!h) return 0
    let lo = 0
    let hi = h.slopes.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((h.slopes[mid] ?? 0) >= rate) lo = mid + 1
      else hi = mid
    }
    return h.hx[lo] ?? 0
  }
  const interpolate = (c: (typeof curves)[number], x: number): number => {
    for (let k = 1; k < c.xs.length; k++) {
      const x0 = c.xs[k - 1] ?? 0
      const x1 = c.xs[k] ?? 0
      if (x <= x1) return (c.ys[k - 1] ?? 0) + (((c.ys[k] ?? 0) - (c.ys[k - 1] ?? 0)) * (x - x0)) / (x1 - x0)
    }
    return Number.NEGATIVE_INFINITY
  }
  const T = Number(total)
  const setValue = (members: readonly number[]): { value: number; amounts: number[] } | null => {
    const cs = members.map((m) => curves[m]).filter((c) => c !== undefined)
    if (cs.reduce((s, c) => s + (c.xs[c.xs.length - 1] ?? 0), 0) < T * (1 - 1e-12)) return null
    let lo = 0
    let hi = 0
    for (const m of members) hi = Math.max(hi, (hulls[m]?.slopes[0] ?? 0) * 2)
    for (let it = 0; it < 60; it++) {
      const mid = (lo + hi) / 2
      const sum = members.reduce((s, m) => s + takeAt(m, mid), 0)
      if (sum >= T) lo = mid
      else hi = mid
    }
    // At rate lo the curves take >= T: scale the excess off pro rata to land on T exactly.
    const takes = members.map((m) => takeAt(m, lo))
    const sum = takes.reduce((s, x) => s + x, 0)
    const amounts = takes.map((x) => (sum > 0 ? (x * T) / sum : 0))
    let value = 0
    for (let k = 0; k < cs.length; k++) {
      const c = cs[k]
      const a = amounts[k] ?? 0
      if (c === undefined || a <= 0) continue
      value += interpolate(c, a) - c.legGas
    }
    return { value, amounts }
  }
  const disjoint = (members: readonly number[], extra: number): boolean => {
    const used = new Set(members.flatMap((m) => paths[m]?.poolIds ?? []))
    return !(paths[extra]?.poolIds ?? []).some((id) => used.has(id))
  }

  type Entry = { members: number[]; value: number; amounts: number[] }
  const all: Entry[] = []
  let level: Entry[] = []
  const seen = new Set<string>()
  for (let i = 0; i < paths.length; i++) {
    const v = setValue([i])
    if (v) level.push({ members: [i], ...v })
  }
  // Sets that cannot take the total alone still seed larger sets.
  let frontier: number[][] = paths.map((_, i) => [i])
  for (let size = 1; size <= maxLegs && level.length + frontier.length > 0; size++) {
    level.sort((a, b) => b.value - a.value)
    all.push(...level.slice(0, beamWidth))
    const seeds = [...level.slice(0, beamWidth).map((e) => e.members), ...frontier.slice(0, beamWidth)]
    const nextLevel: Entry[] = []
    const nextFrontier: number[][] = []
    for (const members of seeds) {
      for (let p = 0; p < paths.length; p++) {
        if (members.includes(p) || !disjoint(members, p)) continue
        const grown = [...members, p].sort((a, b) => a - b)
        const key = grown.join(',')
        if (seen.has(key)) continue
        seen.add(key)
        const v = setValue(grown)
        if (v) nextLevel.push({ members: grown, ...v })
        else nextFrontier.push(grown)
      }
    }
    level = nextLevel
    frontier = nextFrontier
  }
  all.sort((a, b) => b.value - a.value)

  let best: PoolDisjointOptimum | null = null
  for (const entry of all.slice(0, 6)) {
    const result = exactPolish(entry, total, (m, x) => {
      const path = paths[m]
      const q = path && x > 0n ? quoter.quoteExactIn(path, x) : null
      return q ? q.amountOut : x === 0n ? 0n : null
    })
    if (!result) continue
    const legs = result.legs.map((l) => {
      const path = paths[l.member]
      const q = path ? quoter.quoteExactIn(path, l.amountIn) : null
      return {
        poolIds: path?.poolIds ?? [],
        amountIn: l.amountIn,
        amountOut: q?.amountOut ?? 0n,
        hops: q?.hops ?? [],
      }
    })
    const amountOut = legs.reduce((s, l) => s + l.amountOut, 0n)
    const net =
      amountOut - gasOf(legs.map((l) => ({ amountIn: l.amountIn, amountOut: l.amountOut, hops: l.hops })))
    if (!best || net > best.net) {
      best = {
        net,
        amountOut,
        legs: legs.map(({ poolIds, amountIn, amountOut: out }) => ({ poolIds, amountIn, amountOut: out })),
        paths: paths.length,
      }
    }
  }
  return best
}

/**
 * Exact polish of one set: integer amounts from the model, then for every pair of legs a ternary search of
 * the exact output over moving amount between them (the sum is concave along the move), swept until no pair
 * gains. Legs left with nothing are dropped.
 */
function exactPolish(
  entry: { members: readonly number[]; amounts: readonly number[] },
  total: bigint,
  value: (member: number, amount: bigint) => bigint | null,
): { legs: { member: number; amountIn: bigint }[] } | null {
  const members = entry.members
  const amounts = entry.amounts.map((a) => BigInt(Math.max(0, Math.floor(a))))
  const short = total - amounts.reduce((s, a) => s + a, 0n)
  let largest = 0
  for (let k = 0; k < amounts.length; k++) if ((amounts[k] ?? 0n) > (amounts[largest] ?? 0n)) largest = k
  amounts[largest] = (amounts[largest] ?? 0n) + short
  const v = (k: number, x: bigint) => value(members[k] ?? -1, x)
  for (let k = 0; k < amounts.length; k++) if (v(k, amounts[k] ?? 0n) === null) return null
  for (let sweep = 0; sweep < 4; sweep++) {
    let moved = false
    for (let i = 0; i < amounts.length; i++) {
      for (let j = i + 1; j < amounts.length; j++) {
        const pairTotal = (amounts[i] ?? 0n) + (amounts[j] ?? 0n)
        const f = (a: bigint) => {
          const x = v(i, a)
          const y = v(j, pairTotal - a)
          return x === null || y === null ? null : x + y
        }
        let lo = 0n
        let hi = pairTotal
        while (hi - lo > 2n) {
          const m1 = lo + (hi - lo) / 3n
          const m2 = hi - (hi - lo) / 3n
          const f1 = f(m1)
          const f2 = f(m2)
          if (f1 === null) lo = m1
          else if (f2 === null) hi = m2
          else if (f1 < f2) lo = m1
          else hi = m2
        }
        let bestA = amounts[i] ?? 0n
        let bestF = f(bestA)
        for (let a = lo; a <= hi; a++) {
          const fa = f(a)
          if (fa !== null && (bestF === null || fa > bestF)) {
            bestF = fa
            bestA = a
          }
        }
        if (bestA !== amounts[i]) moved = true
        amounts[i] = bestA
        amounts[j] = pairTotal - bestA
      }
    }
    if (!moved) break
  }
  return {
    legs: amounts
      .map((amountIn, k) => ({ member: members[k] ?? -1, amountIn }))
      .filter((l) => l.amountIn > 0n),
  }
}
