/**
 * Minimum output after slippage for exact-input trades: floor(amountOut*(10000-slippageBps)/10000).
 * Slippage is in basis points (the API's fraction 0.005 is 50 bps), 0..10000.
 */
export function computeAmountOutMin(params: { amountOut: bigint; slippageBps: number }): bigint {
  return (params.amountOut * BigInt(10_000 - params.slippageBps)) / 10_000n
}
