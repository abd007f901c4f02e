import { computeIntegratorFee } from './computeIntegratorFee'
import { decomposeFlowLegs } from './decomposeFlowLegs'
import type { FindBestRouteParams } from './findBestRoute'
import { flowAsLegs } from './flowAsLegs'
import type { FlowRoute } from './searchFlowRoute'
import type { Route } from './types'

/**
 * The Route of a split-and-merge flow: its steps, the integrator fee on its output, paths describing it; or,
 * when its steps are pool-disjoint paths, the same swaps as legs (what existing clients and `swapExactIn` take).
 */
export function toFlowRoute(params: FindBestRouteParams, flow: FlowRoute): Route {
  const feeBps = params.feeBps ?? 0
  const { feeAmount, amountOutAfterFee } = computeIntegratorFee({ amountOutGross: flow.amountOut, feeBps })
  const asLegs = flowAsLegs({
    steps: flow.steps,
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amount,
    gasPriceWei: params.gasPriceWei,
    nativePriceInTokenOut: params.nativePriceInTokenOut,
    gasModel: params.gasModel,
  })
  const common = {
    tradeType: params.tradeType,
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amount,
    amountOut: amountOutAfterFee,
    amountOutGross: flow.amountOut,
    feeAmount,
    feeBps,
  }
  if (asLegs) {
    return { ...common, legs: asLegs.legs, gasUnits: asLegs.gasUnits, gasCostInToken: asLegs.gasCostInToken }
  }
  return {
    ...common,
    legs: decomposeFlowLegs(flow.steps, params.tokenIn, params.tokenOut, params.amount),
    gasUnits: flow.gasUnits,
    gasCostInToken: flow.gasCostInToken,
    steps: flow.steps,
  }
}
