import type { Address } from 'viem'
import type { HopCache } from './createHopCache'
import { createPathQuoter } from './createPathQuoter'
import type { PoolState } from './types'

/** The Aggregator's `SHARE_ONE`: a step's share of 1e18 spends all the route holds of its input. */
export const STEP_SHARE_ONE = 10n ** 18n

/** The most steps `Aggregator.swapExactInRoute` takes (its MAX_STEPS); a longer route reverts InvalidRoute. */
export const MAX_ROUTE_STEPS = 24

/** One step of a split-and-merge route, before quoting. */
export interface RouteStepPlan {
  readonly pool: PoolState
  readonly tokenIn: Address
  readonly tokenOut: Address
  /** Of what the route holds of `tokenIn` at this step, in 1e18 (STEP_SHARE_ONE = all of it). */
  readonly share: bigint
}

/** A quoted step: what it sent to the pool and what the route received. */
export interface RouteStepQuote extends RouteStepPlan {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly ticksCrossed: number
}

/**
 * Quotes a split-and-merge route exactly as `Aggregator.swapExactInRoute` executes it: the route holds
 * `amountIn` of `tokenIn` (after the pull tax), each step spends floor(held * share / 1e18) of its input (all
 * of it at share 1e18) through its pool as `createPathQuoter`'s hop (the pool kind's math and the transfer
 * taxes of the Aggregator's flow), and credits what the route received. With `hopCache`, hop results and swap
 * simulators are memoized there (the same pool objects always give the same results), so repeated quotes of
 * similar routes cost only the hops that changed. Returns the route's holding of `tokenOut` (the gross output)
 * and each step's amounts, or null where the contract would revert: an unheld input, a zero amount, a pool
 * that cannot fill it, a pool used twice (its state would move between the steps), or anything left behind.
 * Pure.
 */
export function quoteRouteSteps(params: {
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  steps: readonly RouteStepPlan[]
  transferFeeBps?: (tokenLowerCase: string) => number
  hopCache?: HopCache
}): { amountOut: bigint; steps: RouteStepQuote[] } | null {
  const key = (token: Address) => token.toLowerCase()
  // the path quoter's hop is the Aggregator's hop: same math, same transfer taxes, same refusals
  const quoter = createPathQuoter({
    pools: params.steps.map((step) => step.pool),
    transferFeeBps: params.transferFeeBps ?? (() => 0),
    ...(params.hopCache ? { cache: params.hopCache } : {}),
  })
  const held = new Map<string, bigint>([[key(params.tokenIn), params.amountIn]])
  const used = new Set<string>()
  const quoted: RouteStepQuote[] = []
  for (const [index, step] of params.steps.entries()) {
    const poolKey = key(step.pool.address)
    if (used.has(poolKey)) return null
    used.add(poolKey)
    if (key(step.tokenIn) === key(params.tokenOut) || key(step.tokenOut) === key(params.tokenIn)) return null
    if (step.share <= 0n || step.share > STEP_SHARE_ONE) return null
    const holding = held.get(key(step.tokenIn))
    if (holding === undefined) return null
    const amount = step.share === STEP_SHARE_ONE ? holding : (holding * step.share) / STEP_SHARE_ONE
    const hop = quoter.hopExactIn(index, step.tokenIn, amount)
    if (!hop) return null
    held.set(key(step.tokenIn), holding - amount)
    held.set(key(step.tokenOut), (held.get(key(step.tokenOut)) ?? 0n) + hop.received)
    quoted.push({ ...step, amountIn: amount, amountOut: hop.received, ticksCrossed: hop.ticksCrossed })
  }
  for (const [token, amount] of held) if (token !== key(params.tokenOut) && amount !== 0n) return null
  const amountOut = held.get(key(params.tokenOut)) ?? 0n
  return amountOut > 0n ? { amountOut, steps: quoted } : null
}
