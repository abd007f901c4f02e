const PIPS = 1_000_000n

/**
 * LP fees a route pays, expressed in output base units and in percent of what the output would be without
 * them. Each leg's output is grossed up by its hops' fees (`feesPips`, millionths: 3000 = 0.3%) compounded
 * along the path; `amountOut` of a leg is what the pools deliver (before the integrator fee). Percent is
 * rounded to 1e-4.
 */
export function computeLpFee(legs: readonly { amountOut: bigint; feesPips: readonly number[] }[]): {
  amount: bigint
  percent: number
} {
  let fee = 0n
  let gross = 0n
  for (const leg of legs) {
    let num = leg.amountOut
    let den = 1n
    for (const pips of leg.feesPips) {
      num *= PIPS
      den *= PIPS - BigInt(pips)
    }
    const withoutFees = den === 0n ? leg.amountOut : num / den
    fee += withoutFees - leg.amountOut
    gross += withoutFees
  }
  const percent = gross === 0n ? 0 : Number((fee * 100_000_000n) / gross) / 1_000_000
  return { amount: fee, percent: Math.round(percent * 10_000) / 10_000 }
}
