/**
 * Maximum input after slippage for exact-output trades: ceil(amountIn*(10000+slippageBps)/10000).
 * Slippage is in basis points (the API's fraction 0.005 is 50 bps), >= 0.
 */
export function computeAmountInMax(params: { amountIn: bigint; slippageBps: number }): bigint {
  return (params.amountIn * BigInt(10_000 + params.slippageBps) + 9_999n) / 10_000n
}
