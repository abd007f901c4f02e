import type { Address } from 'viem'
import { computeGrossAmountOut, computeIntegratorFee, type Route, type TradeType } from '../routing'

/**
 * Gas units of a wrap or unwrap through the Aggregator (no legs), measured on the devnet with
 * gas used: wrap about 61k, unwrap about 72k, up to 86k with an integrator fee and an exact-output refund (first-time receivers); rounded up.
 */
export const wrapGasUnits = 100_000n

/**
 * The route of a wrap (native -> wrapped native) or unwrap (wrapped native -> native): no legs, 1:1 to the
 * wei, with the integrator fee on the output exactly as the Aggregator takes it (exact input: floor(amount *
 * feeBps / 10000); exact output: the input is ceil(amount * 10000 / (10000 - feeBps))). `wrapped` is the
 * wrapped native token (the route's token on both sides, as for swaps). No gas cost in tokens is modelled
 * (there is nothing to rank it against).
 */
export function planWrapRoute(p: {
  wrapped: Address
  tradeType: TradeType
  amount: bigint
  feeBps: number
}): Route {
  const common = {
    tradeType: p.tradeType,
    tokenIn: p.wrapped,
    tokenOut: p.wrapped,
    feeBps: p.feeBps,
    legs: [],
    gasUnits: wrapGasUnits,
    gasCostInToken: 0n,
  }
  if (p.tradeType === 'exactIn') {
    const { feeAmount, amountOutAfterFee } = computeIntegratorFee({
      amountOutGross: p.amount,
      feeBps: p.feeBps,
    })
    return {
      ...common,
      amountIn: p.amount,
      amountOut: amountOutAfterFee,
      amountOutGross: p.amount,
      feeAmount,
    }
  }
  const { amountOutGross, feeAmount } = computeGrossAmountOut({ amountOut: p.amount, feeBps: p.feeBps })
  return { ...common, amountIn: amountOutGross, amountOut: p.amount, amountOutGross, feeAmount }
}
