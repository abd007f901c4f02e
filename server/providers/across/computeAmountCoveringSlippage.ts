/**
 * The least amount (base units) that still pays `amount` after `slippageBps` comes off it (the inverse of
 * `computeMinAfterSlippage`, rounded up): what an origin swap must be planned to pay so that its minimum covers
 * `amount`.
 */
export function computeAmountCoveringSlippage(amount: bigint, slippageBps: bigint): bigint {
  return (amount * 10_000n + (10_000n - slippageBps) - 1n) / (10_000n - slippageBps)
}
