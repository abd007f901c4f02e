import type { Address } from 'viem'
import type { PoolState } from '../server/routing/types'

/*
 * The reference of `bench:quote` for split-and-merge flows, independent of the router: an upper bound on the
 * output of ANY flow of an exact-input trade over every pool of a snapshot (flows split and merge at every
 * token, any number of hops, through any token; pool capacity shared). It is the Lagrange dual of the convex
 * routing problem (Diamandis et al. 2023): for token prices ν >= 0 with ν[tokenOut] = 1,
 *   g(ν) = ν[tokenIn] * amountIn + Σ_pools max_trade (ν[out] * received - ν[in] * paid)
 * is at least the optimum (weak duality), whatever ν is. Each pool's best trade at a price ratio is solved in
 * closed form over its exact curve in floats (a V2 pair's constant product; a V3 pool's tick segments walked
 * one by one), NOT from samples; ν is found by exact cyclic coordinate minimisation (a bisection per token on its
 * excess supply) until g stops falling. Every g evaluated is a valid bound, so the smallest is returned; its
 * distance from the true optimum only shrinks with more sweeps.
 */

interface Segment {
  /** sqrt price (token1 per token0, base units) where the segment ends, in the direction of travel. */
  readonly sqrtEnd: number
  readonly liquidity: number
}

interface Direction {
  readonly from: number
  readonly to: number
  /** The pool's best trade at price ratio r = ν[from] / ν[to]: what it takes and gives (0, 0 for none). */
  readonly respond: (r: number) => { paid: number; received: number }
}

export interface FlowOptimumBound {
  /** Upper bound on the gross output of any flow, in tokenOut base units. */
  bound: number
  /** Coordinate sweeps run. */
  sweeps: number
  /** Pools of the snapshot in the problem. */
  pools: number
}

const Q96 = 2 ** 96
const NONE = { paid: 0, received: 0 }

/** The V2 pair's best trade selling `from` at ratio r: where its marginal output (1-f)·Rin·Rout/(Rin+(1-f)x)² = r. */
function v2Direction(reserveIn: number, reserveOut: number, feeBps: number) {
  const keep = 1 - feeBps / 10_000
  return (r: number) => {
    if (!(r > 0)) return NONE
    const net = Math.sqrt((keep * reserveIn * reserveOut) / r) - reserveIn
    if (!(net > 0)) return NONE
    return { paid: net / keep, received: (reserveOut * net) / (reserveIn + net) }
  }
}

/**
 * The V3 pool's best trade at ratio r over its segments (price falls selling token0, rises selling token1):
 * trade until the marginal rate (1-f)·s² (token0 in) or (1-f)/s² (token1 in) meets r, segment by segment.
 */
function v3Direction(sqrtPrice: number, segments: readonly Segment[], fee: number, zeroForOne: boolean) {
  const keep = 1 - fee / 1_000_000
  return (r: number) => {
    if (!(r > 0)) return NONE
    const target = zeroForOne ? Math.sqrt(r / keep) : Math.sqrt(keep / r)
    if (zeroForOne ? target >= sqrtPrice : target <= sqrtPrice) return NONE
    let s = sqrtPrice
    let paid = 0
    let received = 0
    for (const segment of segments) {
      const end = zeroForOne ? Math.max(target, segment.sqrtEnd) : Math.min(target, segment.sqrtEnd)
      const l = segment.liquidity
      if (zeroForOne) {
        paid += (l * (1 / end - 1 / s)) / keep
        received += l * (s - end)
      } else {
        paid += (l * (end - s)) / keep
        received += l * (1 / s - 1 / end)
      }
      s = end
      if (end === target) break
    }
    return { paid, received }
  }
}

/** A V3 pool's segments from its current price in one direction (liquidity changes at each initialized tick). */
function v3Segments(pool: Extract<PoolState, { kind: 'uniswap-v3' }>, zeroForOne: boolean): Segment[] {
  const sqrtAt = (tick: number) => 1.0001 ** (tick / 2)
  const segments: Segment[] = []
  let liquidity = Number(pool.liquidity)
  if (zeroForOne) {
    const below = pool.ticks.filter((t) => t.index <= pool.tick).reverse()
    for (const tick of below) {
      segments.push({ sqrtEnd: sqrtAt(tick.index), liquidity })
      liquidity -= Number(tick.liquidityNet)
      if (liquidity <= 0) return segments
    }
  } else {
    const above = pool.ticks.filter((t) => t.index > pool.tick)
    for (const tick of above) {
      segments.push({ sqrtEnd: sqrtAt(tick.index), liquidity })
      liquidity += Number(tick.liquidityNet)
      if (liquidity <= 0) return segments
    }
  }
  return segments
}

/**
 * The dual bound for selling `amountIn` of `tokenIn` for `tokenOut` over `pools` (V2 pairs and V3 pools; pools
 * touching a token in `excludedTokens`, e.g. fee-on-transfer tokens, are left out). Null when tokenOut is not
 * reachable. `maxSweeps` bounds the work (default 400).
 */
export function flowOptimumBound(params: {
  pools: readonly PoolState[]
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  excludedTokens?: readonly Address[]
  maxSweeps?: number
}): FlowOptimumBound | null {
  const excluded = new Set((params.excludedTokens ?? []).map((t) => t.toLowerCase()))
  const index = new Map<string, number>()
  const id = (token: Address) => {
    const key = token.toLowerCase()
    const known = index.get(key)
    if (known !== undefined) return known
    index.set(key, index.size)
    return index.size - 1
  }
  const tokenIn = id(params.tokenIn)
  const tokenOut = id(params.tokenOut)
  const directions: Direction[] = []
  const mids: { a: number; b: number; rate: number }[] = []
  let poolCount = 0
  for (const pool of params.pools) {
    if (excluded.has(pool.token0.toLowerCase()) || excluded.has(pool.token1.toLowerCase())) continue
    const t0 = id(pool.token0)
    const t1 = id(pool.token1)
    poolCount++
    if (pool.kind === 'uniswap-v2') {
      const r0 = Number(pool.reserve0)
      const r1 = Number(pool.reserve1)
      if (r0 <= 0 || r1 <= 0) continue
      directions.push({ from: t0, to: t1, respond: v2Direction(r0, r1, pool.feeBps) })
      directions.push({ from: t1, to: t0, respond: v2Direction(r1, r0, pool.feeBps) })
      mids.push({ a: t0, b: t1, rate: r1 / r0 })
    } else {
      const s = Number(pool.sqrtPriceX96) / Q96
      directions.push({ from: t0, to: t1, respond: v3Direction(s, v3Segments(pool, true), pool.fee, true) })
      directions.push({ from: t1, to: t0, respond: v3Direction(s, v3Segments(pool, false), pool.fee, false) })
      mids.push({ a: t0, b: t1, rate: s * s })
    }
  }
  const count = index.size
  const total = Number(params.amountIn)
  // starting prices: mid prices along a breadth-first walk from tokenOut
  const prices = Array.from({ length: count }, () => 0)
  prices[tokenOut] = 1
  const queue = [tokenOut]
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i] ?? 0
    for (const m of mids) {
      // rate: b per a, so ν[a] = rate * ν[b]
      const [other, value] =
        m.a === t ? [m.b, (prices[t] ?? 0) / m.rate] : m.b === t ? [m.a, (prices[t] ?? 0) * m.rate] : [-1, 0]
      if (other < 0 || (prices[other] ?? 0) > 0 || !(value > 0) || !Number.isFinite(value)) continue
      prices[other] = value
      queue.push(other)
    }
  }
  if ((prices[tokenIn] ?? 0) <= 0) return null
  const reached = new Set(queue)
  const live = directions.filter((d) => reached.has(d.from) && reached.has(d.to))
  const touching: Direction[][] = Array.from({ length: count }, () => [])
  for (const d of live) {
    touching[d.from]?.push(d)
    touching[d.to]?.push(d)
  }
  const ratio = (d: Direction) => (prices[d.from] ?? 0) / (prices[d.to] ?? 1)
  const excess = (t: number) => {
    let sum = t === tokenIn ? total : 0
    for (const d of touching[t] ?? []) {
      const { paid, received } = d.respond(ratio(d))
      sum += d.to === t ? received : -paid
    }
    return sum
  }
  const dual = () => {
    let value = (prices[tokenIn] ?? 0) * total
    for (const d of live) {
      const { paid, received } = d.respond(ratio(d))
      value += (prices[d.to] ?? 0) * received - (prices[d.from] ?? 0) * paid
    }
    return value
  }
  let bound = dual()
  const maxSweeps = params.maxSweeps ?? 400
  let sweeps = 0
  while (sweeps < maxSweeps) {
    sweeps++
    for (const t of queue) {
      if (t === tokenOut) continue
      const at = (log: number) => {
        prices[t] = Math.exp(log)
        return excess(t)
      }
      const center = Math.log(prices[t] ?? 1)
      let lo = center - 0.5
      let hi = center + 0.5
      for (let k = 0; k < 40 && at(lo) > 0; k++) lo -= 2
      for (let k = 0; k < 40 && at(hi) < 0; k++) hi += 2
      for (let k = 0; k < 60; k++) {
        const mid = (lo + hi) / 2
        if (at(mid) > 0) hi = mid
        else lo = mid
      }
      prices[t] = Math.exp(hi)
    }
    const value = dual()
    const improved = bound - value
    if (value < bound) bound = value
    if (improved <= bound * 1e-10) break
  }
  return { bound, sweeps, pools: poolCount }
}
