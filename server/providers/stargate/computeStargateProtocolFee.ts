/**
 * Stargate's own fee on a send, in the origin pool's base units: what `quoteOFT` says is sent less what it
 * says arrives, or 0 when a reward makes more arrive.
 */
export function computeStargateProtocolFee(oft: { amountSentLD: bigint; amountReceivedLD: bigint }): bigint {
  return oft.amountSentLD > oft.amountReceivedLD ? oft.amountSentLD - oft.amountReceivedLD : 0n
}
