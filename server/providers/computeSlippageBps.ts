/** A request's slippage (a fraction: 0.005 for 0.5%) in basis points, rounded to the nearest one. */
export function computeSlippageBps(slippage: number): bigint {
  return BigInt(Math.round(slippage * 10_000))
}
