/**
 * Integrator fee on an exact-input trade's OUTPUT, as the Aggregator takes it: fee = floor(gross*feeBps/10000),
 * the rest goes to the receiver. Amounts in tokenOut base units; feeBps in 0..10000.
 */
export function computeIntegratorFee(params: { amountOutGross: bigint; feeBps: number }): {
  feeAmount: bigint
  amountOutAfterFee: bigint
} {
  const feeAmount = (params.amountOutGross * BigInt(params.feeBps)) / 10_000n
  return { feeAmount, amountOutAfterFee: params.amountOutGross - feeAmount }
}
