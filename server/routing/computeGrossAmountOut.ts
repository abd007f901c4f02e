/**
 * Gross output an exact-output trade must produce so that the receiver nets `amountOut` after the integrator
 * fee, as the Aggregator computes it: G = ceil(amountOut*10000/(10000-feeBps)), fee = G - amountOut.
 * feeBps must be below 10000 (the contract caps it at 1000).
 */
export function computeGrossAmountOut(params: { amountOut: bigint; feeBps: number }): {
  amountOutGross: bigint
  feeAmount: bigint
} {
  const denominator = BigInt(10_000 - params.feeBps)
  const amountOutGross = (params.amountOut * 10_000n + denominator - 1n) / denominator
  return { amountOutGross, feeAmount: amountOutGross - params.amountOut }
}
