import type { Address } from 'viem'
import type { RouteStepQuote } from './quoteRouteSteps'
import type { Hop, Leg } from './types'

/**
 * Describes a split-and-merge route as paths from tokenIn to tokenOut (for the API's per-path route fields):
 * what a token holds is attributed to the paths that brought it in proportion, so each path takes its part of
 * every step it runs through (amounts floored; a pool shared by paths appears in each with its part). The legs
 * sum to the steps' input and output up to rounding. Pure.
 */
export function decomposeFlowLegs(
  steps: readonly RouteStepQuote[],
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
): Leg[] {
  const key = (token: Address) => token.toLowerCase()
  const held = new Map<string, bigint>()
  for (const step of steps) held.set(key(step.tokenIn), (held.get(key(step.tokenIn)) ?? 0n) + step.amountIn)
  const legs: Leg[] = []
  const walk = (token: Address, amount: bigint, hops: Hop[]) => {
    if (key(token) === key(tokenOut)) {
      const first = hops[0]
      if (first && amount > 0n) legs.push({ amountIn: first.amountIn, amountOut: amount, hops: [...hops] })
      return
    }
    const holding = held.get(key(token)) ?? 0n
    if (holding === 0n) return
    for (const step of steps) {
      if (key(step.tokenIn) !== key(token)) continue
      const partIn = (amount * step.amountIn) / holding
      const partOut = step.amountIn === 0n ? 0n : (partIn * step.amountOut) / step.amountIn
      if (partIn === 0n) continue
      hops.push({
        pool: step.pool,
        tokenIn: step.tokenIn,
        tokenOut: step.tokenOut,
        amountIn: partIn,
        amountOut: partOut,
        ticksCrossed: step.ticksCrossed,
      })
      walk(step.tokenOut, partOut, hops)
      hops.pop()
    }
  }
  walk(tokenIn, amountIn, [])
  return legs
}
