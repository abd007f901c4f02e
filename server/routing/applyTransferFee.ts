/**
 * What the recipient of a fee-on-transfer token receives: amount - floor(amount*transferFeeBps/10000).
 * transferFeeBps 0 (ordinary token) returns the amount unchanged.
 */
export function applyTransferFee(amount: bigint, transferFeeBps: number): bigint {
  if (transferFeeBps === 0) return amount
  return amount - (amount * BigInt(transferFeeBps)) / 10_000n
}
