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
 * What a request's legs share: for exact input the amount pulled after tokenIn's transfer tax, for exact output
 * the gross output (before the integrator fee) the receiver's amount needs.
 */
export function legRouteTotal(params: FindBestRouteParams, tax: (tokenLowerCase: string) => number): bigint {
  return params.tradeType === 'exactIn'
    ? applyTransferFee(params.amount, tax(params.tokenIn.toLowerCase()))
    : computeGrossAmountOut({ amountOut: params.amount, feeBps: params.feeBps ?? 0 }).amountOutGross
}

/** The gas of `legs` from the request's gas model, priced in its cost token (tokenOut exact in, tokenIn exact out). */
export function legsGasCost(params: FindBestRouteParams, legs: readonly Leg[]): bigint {
  return computeGasCostInToken({
    gasUnits: computeRouteGasUnits(legs, params.gasModel ?? defaultGasModel),
    gasPriceWei: params.gasPriceWei,
    nativePriceInToken:
      params.tradeType === 'exactIn' ? params.nativePriceInTokenOut : params.nativePriceInTokenIn,
  })
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
  const gasCostInToken = legsGasCost(params, legs)
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
  const total = legRouteTotal(params, () => 0)
  return {
    ...common,
    amountIn: legs.reduce((sum, leg) => sum + leg.amountIn, 0n),
    amountOut: params.amount,
    amountOutGross: total,
    feeAmount: total - params.amount,
  }
}
