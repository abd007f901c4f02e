/**
 * The integrator's fee on `amount` (base units) at `feeBps`, rounded down as our origin contracts
 * (StargateEntry, AcrossEntry) compute it.
 */
export function computeIntegratorFee(amount: bigint, feeBps: bigint): bigint {
  return (amount * feeBps) / 10_000n
}
