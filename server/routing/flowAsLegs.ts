import type { Address } from 'viem'
import { computeGasCostInToken, computeRouteGasUnits, defaultGasModel, type GasModel } from './gasModel'
import type { RouteStepQuote } from './quoteRouteSteps'
import type { Hop, Leg, Price } from './types'

/** A split-and-merge route rewritten as pool-disjoint legs: the same pool amounts, the legs' gas. */
export interface FlowLegs {
  readonly legs: readonly Leg[]
  readonly amountOut: bigint
  readonly gasUnits: bigint
  readonly gasCostInToken: bigint
}

/**
 * The legs that execute exactly the same pool swaps as `steps`, or null when legs cannot express them: every
 * token other than tokenIn and tokenOut must enter through one step and leave through one step (so the steps
 * form pool-disjoint paths that fan out only at tokenIn and merge only at tokenOut) and the steps out of tokenIn
 * must spend `amountIn` whole. Each leg then takes its first step's input and every later hop all of the
 * previous output, as the legs of `swapExactIn` do, so it pays the steps' output to the wei; gas is the legs'
 * (cheaper than steps'). Pure.
 */
export function flowAsLegs(params: {
  steps: readonly RouteStepQuote[]
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  gasPriceWei?: bigint
  nativePriceInTokenOut?: Price
  gasModel?: GasModel
}): FlowLegs | null {
  const key = (token: Address) => token.toLowerCase()
  const inKey = key(params.tokenIn)
  const outKey = key(params.tokenOut)
  const entering = new Map<string, number>()
  const leaving = new Map<string, RouteStepQuote[]>()
  for (const step of params.steps) {
    entering.set(key(step.tokenOut), (entering.get(key(step.tokenOut)) ?? 0) + 1)
    leaving.set(key(step.tokenIn), [...(leaving.get(key(step.tokenIn)) ?? []), step])
  }
  for (const [token, count] of entering) {
    if (token !== outKey && (count !== 1 || leaving.get(token)?.length !== 1)) return null
  }
  if ((entering.get(inKey) ?? 0) > 0 || (leaving.get(outKey)?.length ?? 0) > 0) return null
  const firsts = leaving.get(inKey) ?? []
  if (firsts.reduce((sum, step) => sum + step.amountIn, 0n) !== params.amountIn) return null
  const legs: Leg[] = []
  for (const first of firsts) {
    const hops: Hop[] = []
    let step: RouteStepQuote | undefined = first
    while (step) {
      const previous = hops.at(-1)
      if (previous && previous.amountOut !== step.amountIn) return null
      hops.push({
        pool: step.pool,
        tokenIn: step.tokenIn,
        tokenOut: step.tokenOut,
        amountIn: step.amountIn,
        amountOut: step.amountOut,
        ticksCrossed: step.ticksCrossed,
      })
      if (hops.length > params.steps.length) return null
      step = key(step.tokenOut) === outKey ? undefined : leaving.get(key(step.tokenOut))?.[0]
    }
    const last = hops.at(-1)
    if (!last) return null
    legs.push({ amountIn: first.amountIn, amountOut: last.amountOut, hops })
  }
  const gasUnits = computeRouteGasUnits(legs, params.gasModel ?? defaultGasModel)
  return {
    legs,
    amountOut: legs.reduce((sum, leg) => sum + leg.amountOut, 0n),
    gasUnits,
    gasCostInToken: computeGasCostInToken({
      gasUnits,
      gasPriceWei: params.gasPriceWei,
      nativePriceInToken: params.nativePriceInTokenOut,
    }),
  }
}
