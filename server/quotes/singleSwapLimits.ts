/**
 * The bounds every single-chain quote and swap obeys, in one place (docs/api.md "Slippage, deadline and fee
 * limits" and the OpenAPI descriptions quote them). Fractions, not percent.
 *
 * - Slippage: 0.5% by default. Uniswap's interface warns above 5.5% and 1inch/0x/CoW interfaces warn in the same
 *   region; none lets a default user go far beyond 20% without an explicit override, so 20% is the most we
 *   build a transaction for and anything above 5% is answered with a `slippageWarning`.
 * - Deadline: 20 minutes by default, rounded up to the whole minute (the quotes of one minute then share their
 *   calldata, and so their gas estimates: see `estimateSwap`), at most one hour ahead (a signed swap that waits
 *   longer is a free option for whoever holds it).
 * - Integrator fee: at most 3% of the output (1inch caps partner fees at 3%), to a receiver that can spend it.
 */
export const singleSwapLimits = {
  defaultSlippage: 0.005,
  maxSlippage: 0.2,
  slippageWarningAbove: 0.05,
  defaultDeadlineSec: 20 * 60,
  maxDeadlineSec: 60 * 60,
  maxFeeFraction: 0.03,
} as const

/** The deadline of a swap that names none, quoted at `nowSec`: 20 to 21 minutes ahead, on a whole minute. */
export function defaultSwapDeadline(nowSec: number): bigint {
  return BigInt(Math.ceil((nowSec + singleSwapLimits.defaultDeadlineSec) / 60) * 60)
}
