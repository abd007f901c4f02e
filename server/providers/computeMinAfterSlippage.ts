/** The least of `amount` (base units) a trade may pay at `slippageBps` below it, rounded down. */
export function computeMinAfterSlippage(amount: bigint, slippageBps: bigint): bigint {
  return (amount * (10_000n - slippageBps)) / 10_000n
}
