import { buildLegRoute, legRouteTotal, transferFeeOf } from './buildLegRoute'
import { createPathQuoter, type PoolPath } from './createPathQuoter'
import type { FindBestRouteParams } from './findBestRoute'
import { computeGasCostInToken, computeStepsGasUnits, defaultGasModel } from './gasModel'
import { quoteRouteSteps } from './quoteRouteSteps'
import { toFlowRoute } from './toFlowRoute'
import type { Leg, PoolState, Route } from './types'

/**
 * `plan`, a route found over the same pools for another amount of the same request, quoted exactly for
 * `params.amount`: a flow's steps with the same shares, or the same legs with their amounts scaled in
 * proportion (rounded down, the remainder to the largest), through the same math as the searches, so the
 * result pays to the wei what it says. Null where the plan does not execute for this amount. Pure.
 */
export function requoteRoute(params: FindBestRouteParams, plan: Route): Route | null {
  const tax = (tokenLowerCase: string) => transferFeeOf(params, tokenLowerCase)
  if (plan.steps) {
    if (params.tradeType !== 'exactIn') return null
    const quote = quoteRouteSteps({
      tokenIn: params.tokenIn,
      tokenOut: params.tokenOut,
      amountIn: params.amount,
      steps: plan.steps,
      transferFeeBps: tax,
      hopCache: params.hopCache,
    })
    if (!quote) return null
    const gasUnits = computeStepsGasUnits(quote.steps, params.gasModel ?? defaultGasModel)
    const gasCostInToken = computeGasCostInToken({
      gasUnits,
      gasPriceWei: params.gasPriceWei,
      nativePriceInToken: params.nativePriceInTokenOut,
    })
    const stats = { edges: 0, samples: 0, solves: 0, sweeps: 0, refineEvaluations: 0, workingEdges: 0 }
    return toFlowRoute(params, {
      steps: quote.steps,
      amountOut: quote.amountOut,
      gasUnits,
      gasCostInToken,
      stats,
    })
  }

  const exactIn = params.tradeType === 'exactIn'
  const total = legRouteTotal(params, tax)
  let planned = 0n
  for (const leg of plan.legs) planned += exactIn ? leg.amountIn : leg.amountOut
  if (total <= 0n || planned <= 0n) return null
  const amounts = plan.legs.map((leg) => ((exactIn ? leg.amountIn : leg.amountOut) * total) / planned)
  amounts[0] = (amounts[0] ?? 0n) + total - amounts.reduce((sum, a) => sum + a, 0n)

  const pools: PoolState[] = []
  const paths: PoolPath[] = plan.legs.map((leg) => ({
    poolIds: leg.hops.map((hop) => {
      const known = pools.indexOf(hop.pool)
      return known >= 0 ? known : pools.push(hop.pool) - 1
    }),
    tokens: [leg.hops[0]?.tokenIn ?? params.tokenIn, ...leg.hops.map((hop) => hop.tokenOut)],
  }))
  const quoter = createPathQuoter({
    pools,
    transferFeeBps: tax,
    ...(params.hopCache ? { cache: params.hopCache } : {}),
  })
  const legs: Leg[] = []
  for (const [k, path] of paths.entries()) {
    const amount = amounts[k] ?? 0n
    const quote =
      amount <= 0n ? null : exactIn ? quoter.quoteExactIn(path, amount) : quoter.quoteExactOut(path, amount)
    if (!quote) return null
    legs.push({ amountIn: quote.amountIn, amountOut: quote.amountOut, hops: quote.hops })
  }
  return buildLegRoute(params, legs)
}
