import { applyTransferFee } from './applyTransferFee'
import { computeGrossAmountOut } from './computeGrossAmountOut'
import { computeIntegratorFee } from './computeIntegratorFee'
import type { FindBestRouteParams } from './findBestRoute'
import { computeGasCostInToken, computeRouteGasUnits, defaultGasModel } from './gasModel'
import type { Leg, Route } from './types'

/** A token's transfer tax in bps from the request's token facts (0 when not listed). */
export function transferFeeOf(params: Pick<FindBestRouteParams, 'tokens'>, tokenLowerCase: string): number {
  for (const token of params.tokens ?? []) {
    if (token.address.toLowerCase() === tokenLowerCase) return token.transferFeeBps ?? 0
  }
  return 0
}

/**
 * The Route of pool-disjoint legs already quoted exactly for `params`: legs largest first, gas from the gas
 * model priced in the cost token, and for exact input the integrator fee and tokenOut's transfer tax on the
 * legs' output; for exact output the legs' summed input and the gross output `params.amount` needs. Pure.
 */
export function buildLegRoute(params: FindBestRouteParams, unsortedLegs: readonly Leg[]): Route {
  const exactIn = params.tradeType === 'exactIn'
  const feeBps = params.feeBps ?? 0
  const key = (leg: Leg) => (exactIn ? leg.amountIn : leg.amountOut)
  const legs = [...unsortedLegs].sort((a, b) => (key(b) > key(a) ? 1 : key(b) < key(a) ? -1 : 0))
  const gasUnits = computeRouteGasUnits(legs, params.gasModel ?? defaultGasModel)
  const gasCostInToken = computeGasCostInToken({
    gasUnits,
    gasPriceWei: params.gasPriceWei,
    nativePriceInToken: exactIn ? params.nativePriceInTokenOut : params.nativePriceInTokenIn,
  })
  const common = {
    tradeType: params.tradeType,
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    feeBps,
    legs,
    gasUnits,
    gasCostInToken,
  }
  if (exactIn) {
    const amountOutGross = legs.reduce((sum, leg) => sum + leg.amountOut, 0n)
    const { feeAmount, amountOutAfterFee } = computeIntegratorFee({ amountOutGross, feeBps })
    return {
      ...common,
      amountIn: params.amount,
      amountOut: applyTransferFee(amountOutAfterFee, transferFeeOf(params, params.tokenOut.toLowerCase())),
      amountOutGross,
      feeAmount,
    }
  }
  const total = computeGrossAmountOut({ amountOut: params.amount, feeBps }).amountOutGross
  return {
    ...common,
    amountIn: legs.reduce((sum, leg) => sum + leg.amountIn, 0n),
    amountOut: params.amount,
    amountOutGross: total,
    feeAmount: total - params.amount,
  }
}
