import type { Address } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import { SwapRevertError } from '../poolKinds/SwapRevertError'
import { applyTransferFee } from './applyTransferFee'
import { createHopCache, type HopCache } from './createHopCache'
import type { Hop, PoolState } from './types'

/** A concrete path: one pool per hop. */
export interface PoolPath {
  /** Pool ids (indexes into the graph's pools), one per hop. */
  readonly poolIds: readonly number[]
  /** Tokens as spelled by the pools, length hops + 1. */
  readonly tokens: readonly Address[]
}

export interface PathQuote {
  /** Aggregator-side input of the path (before the first hop's transfer tax). */
  readonly amountIn: bigint
  /** Aggregator's balance increase of the final token. */
  readonly amountOut: bigint
  readonly hops: readonly Hop[]
}

export interface PathQuoter {
  /** Quotes a path for an exact aggregator-side input, modelling transfer taxes; null when it cannot execute. */
  quoteExactIn(path: PoolPath, amountIn: bigint): PathQuote | null
  /** Quotes a path backwards for an exact output (no fee-on-transfer tokens); null when it cannot execute. */
  quoteExactOut(path: PoolPath, amountOut: bigint): PathQuote | null
  /** One hop, exact input the aggregator sends; null when it cannot execute. Memoized per quoter. */
  hopExactIn(poolId: number, tokenIn: Address, amountIn: bigint): HopResult | null
  /** One hop, exact output to the aggregator; null when it cannot execute. Memoized per quoter. */
  hopExactOut(poolId: number, tokenIn: Address, amountOut: bigint): HopResult | null
  /**
   * What the aggregator receives of one hop for an input it sends, in floating point (`hopExactIn`'s `received`
   * within about 1e-12 relative, for the search's models; not memoized: it costs less than a lookup); null where
   * `hopExactIn` would be.
   */
  hopApproxIn(poolId: number, tokenIn: Address, amountIn: number, crossed?: { ticks: number }): number | null
  /**
   * What the aggregator receives of one hop for an input it sends, within a millionth of `hopExactIn`'s `received`
   * for the input floored: by `hopApproxIn` where input and output are both at least 1e6 base units, else
   * exactly (a hop rounds to the wei, which sets small amounts apart). For the searches' choices between routes
   * whose exact quotes come after. With `crossed`, the ticks crossed are written there. Null where `hopExactIn`
   * would be.
   */
  hopNearIn(poolId: number, tokenIn: Address, amountIn: number, crossed?: { ticks: number }): number | null
  /**
   * What the aggregator receives of a path for an input it sends, in floating point (`quoteExactIn`'s
   * `amountOut` to about 1e-12 relative per hop, for the leg search's models); with `ticks`, each hop's ticks
   * crossed are written there (for the models' gas). Null where `quoteExactIn` would be.
   */
  pathApproxIn(path: PoolPath, amountIn: number, ticks?: number[]): number | null
  /** `pathApproxIn` by `hopNearIn`: each hop within a millionth of the exact quote's, exact for small amounts. */
  pathNearIn(path: PoolPath, amountIn: number, ticks?: number[]): number | null
}

export interface HopResult {
  /** What the aggregator sends (exact in) or must pay (exact out). */
  readonly sent: bigint
  /** The aggregator's balance increase of the hop's output token. */
  readonly received: bigint
  readonly ticksCrossed: number
}

/**
 * Builds the per-call path evaluator over a fixed pool list, with a memo of hop results keyed by
 * (pool, direction, amount) so that paths sharing a prefix and repeated optimizer probes cost nothing twice.
 * Taxes follow the Aggregator's flow: aggregator -> pool transfer is taxed, and a hop with a taxed input runs
 * only where the pool kind `acceptsTaxedInput` (V2 pairs price the balance delta; V3 pools demand the full
 * amount); every pool -> aggregator transfer of a taxed token is taxed. The swap math is the pool kind's
 * `createHopSimulator`. Memo and simulators live in `cache` (shared with other quoters over the same pool
 * objects when given, else private to the returned object).
 * Addresses are compared lower-cased (equivalent to isAddressEqual, without re-validating in the hot loop).
 */
export function createPathQuoter(params: {
  pools: readonly PoolState[]
  transferFeeBps: (tokenLowerCase: string) => number
  cache?: HopCache
}): PathQuoter {
  return new CachedPathQuoter(params.pools, params.transferFeeBps, params.cache ?? createHopCache())
}

/** Amounts (base units) from which `hopNearIn` simulates in floating point: a wei is at most a millionth of them. */
const NEAR_EXACT_FROM = 1e6

/** The untaxed hops' memo slots, by direction and side: built once (a search looks up thousands of hops). */
const UNTAXED_SLOTS = ['>+0,0', '>-0,0', '<+0,0', '<-0,0']

/** The memo slot of a hop: its direction, trade side and transfer taxes. */
function slotOf(zeroForOne: boolean, exactIn: boolean, taxIn: number, taxOut: number): string {
  if (taxIn === 0 && taxOut === 0) return UNTAXED_SLOTS[(zeroForOne ? 0 : 2) + (exactIn ? 0 : 1)] ?? ''
  return `${zeroForOne ? '>' : '<'}${exactIn ? '+' : '-'}${taxIn},${taxOut}`
}

/** `createPathQuoter`'s quoter (methods on the prototype: quoters are made per routing call). */
class CachedPathQuoter implements PathQuoter {
  /** Each pool's tokens lower-cased, filled as pools are first quoted (a search reads a few of many). */
  private readonly lower: (readonly [string, string])[] = []
  /** Where `pathApproxIn` has each hop write the ticks it crosses (one object for every call). */
  private readonly crossed = { ticks: 0 }

  constructor(
    private readonly pools: readonly PoolState[],
    private readonly transferFeeBps: (tokenLowerCase: string) => number,
    private readonly cache: HopCache,
  ) {}

  hopExactIn(poolId: number, tokenIn: Address, amountIn: bigint): HopResult | null {
    return this.run(poolId, tokenIn, amountIn, true)
  }

  hopExactOut(poolId: number, tokenIn: Address, amountOut: bigint): HopResult | null {
    return this.run(poolId, tokenIn, amountOut, false)
  }

  pathApproxIn(path: PoolPath, amountIn: number, ticks?: number[]): number | null {
    return this.pathIn(path, amountIn, false, ticks)
  }

  pathNearIn(path: PoolPath, amountIn: number, ticks?: number[]): number | null {
    return this.pathIn(path, amountIn, true, ticks)
  }

  private pathIn(path: PoolPath, amountIn: number, near: boolean, ticks?: number[]): number | null {
    let amount = amountIn
    const crossed = this.crossed
    for (let i = 0; i < path.poolIds.length; i++) {
      const poolId = path.poolIds[i]
      const tokenIn = path.tokens[i]
      if (poolId === undefined || tokenIn === undefined) return null
      const out = near
        ? this.hopNearIn(poolId, tokenIn, amount, crossed)
        : this.hopApproxIn(poolId, tokenIn, amount, crossed)
      if (out === null) return null
      if (ticks) ticks[i] = crossed.ticks
      amount = out
    }
    return amount
  }

  hopApproxIn(
    poolId: number,
    tokenIn: Address,
    amountIn: number,
    crossed?: { ticks: number },
  ): number | null {
    const pool = this.pools[poolId]
    if (pool === undefined || !(amountIn > 0)) return null
    const [key0, key1] = this.tokensOf(poolId, pool)
    const inKey = tokenIn === pool.token0 ? key0 : tokenIn === pool.token1 ? key1 : tokenIn.toLowerCase()
    const zeroForOne = key0 === inKey
    const taxIn = this.transferFeeBps(inKey)
    const taxOut = this.transferFeeBps(zeroForOne ? key1 : key0)
    if (taxIn > 0 && !poolKindOf(pool).acceptsTaxedInput) return null
    const out = this.cache.simulator(pool, zeroForOne).approxExactIn(amountIn * (1 - taxIn / 10_000), crossed)
    return out === null || !(out > 0) ? null : out * (1 - taxOut / 10_000)
  }

  hopNearIn(poolId: number, tokenIn: Address, amountIn: number, crossed?: { ticks: number }): number | null {
    if (amountIn >= NEAR_EXACT_FROM) {
      const approx = this.hopApproxIn(poolId, tokenIn, amountIn, crossed)
      if (approx === null || approx >= NEAR_EXACT_FROM) return approx
    }
    const r = this.run(poolId, tokenIn, BigInt(Math.floor(amountIn)), true)
    if (r !== null && crossed) crossed.ticks = r.ticksCrossed
    return r === null ? null : Number(r.received)
  }

  quoteExactIn(path: PoolPath, amountIn: bigint): PathQuote | null {
    const hops: Hop[] = []
    let amount = amountIn
    for (let i = 0; i < path.poolIds.length; i++) {
      const poolId = path.poolIds[i]
      const tokenIn = path.tokens[i]
      const tokenOut = path.tokens[i + 1]
      if (poolId === undefined || tokenIn === undefined || tokenOut === undefined) return null
      const r = this.run(poolId, tokenIn, amount, true)
      const hop = r && this.toHop(poolId, tokenIn, tokenOut, r)
      if (!hop) return null
      hops.push(hop)
      amount = hop.amountOut
    }
    return { amountIn, amountOut: amount, hops }
  }

  quoteExactOut(path: PoolPath, amountOut: bigint): PathQuote | null {
    const hops: Hop[] = []
    let amount = amountOut
    for (let i = path.poolIds.length - 1; i >= 0; i--) {
      const poolId = path.poolIds[i]
      const tokenIn = path.tokens[i]
      const tokenOut = path.tokens[i + 1]
      if (poolId === undefined || tokenIn === undefined || tokenOut === undefined) return null
      const r = this.run(poolId, tokenIn, amount, false)
      const hop = r && this.toHop(poolId, tokenIn, tokenOut, r)
      if (!hop) return null
      hops.unshift(hop)
      amount = hop.amountIn
    }
    return { amountIn: amount, amountOut, hops }
  }

  private run(poolId: number, tokenIn: Address, amount: bigint, exactIn: boolean): HopResult | null {
    const pool = this.pools[poolId]
    if (pool === undefined || amount <= 0n) return null
    const tokens = this.tokensOf(poolId, pool)
    // the pool's own spelling first: no lower-cased copy of the address per hop
    const inKey =
      tokenIn === pool.token0 ? tokens[0] : tokenIn === pool.token1 ? tokens[1] : tokenIn.toLowerCase()
    const zeroForOne = tokens[0] === inKey
    const taxIn = this.transferFeeBps(inKey)
    const taxOut = this.transferFeeBps(zeroForOne ? tokens[1] : tokens[0])
    const memo = this.cache.hops(pool, slotOf(zeroForOne, exactIn, taxIn, taxOut))
    const cached = memo.get(amount)
    if (cached !== undefined) return cached
    let result: HopResult | null = null
    try {
      if (exactIn) {
        if (taxIn === 0 || poolKindOf(pool).acceptsTaxedInput) {
          const poolReceives = applyTransferFee(amount, taxIn)
          const swap =
            poolReceives > 0n ? this.cache.simulator(pool, zeroForOne).exactIn(poolReceives) : undefined
          if (swap?.complete && swap.amountOut > 0n) {
            result = {
              sent: amount,
              received: applyTransferFee(swap.amountOut, taxOut),
              ticksCrossed: swap.ticksCrossed,
            }
          }
        }
      } else if (taxIn === 0 && taxOut === 0) {
        const swap = this.cache.simulator(pool, zeroForOne).exactOut(amount)
        if (swap.complete && swap.amountOut === amount) {
          result = { sent: swap.amountIn, received: amount, ticksCrossed: swap.ticksCrossed }
        }
      }
    } catch (error: unknown) {
      if (!(error instanceof SwapRevertError)) throw error
    }
    memo.set(amount, result)
    return result
  }

  private tokensOf(poolId: number, pool: PoolState): readonly [string, string] {
    let tokens = this.lower[poolId]
    if (tokens === undefined) {
      tokens = [pool.token0.toLowerCase(), pool.token1.toLowerCase()]
      this.lower[poolId] = tokens
    }
    return tokens
  }

  private toHop(poolId: number, tokenIn: Address, tokenOut: Address, r: HopResult): Hop | null {
    const pool = this.pools[poolId]
    if (pool === undefined) return null
    return { pool, tokenIn, tokenOut, amountIn: r.sent, amountOut: r.received, ticksCrossed: r.ticksCrossed }
  }
}
