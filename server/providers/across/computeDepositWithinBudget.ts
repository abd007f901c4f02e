/**
 * The largest deposit (base units) whose integrator fee at `feeBps`, counted unrounded, fits beside it in
 * `available`: what an exact-input Across quote deposits (the entry's fee rounds down, so it fits too).
 */
export function computeDepositWithinBudget(available: bigint, feeBps: bigint): bigint {
  return (available * 10_000n) / (10_000n + feeBps)
}
