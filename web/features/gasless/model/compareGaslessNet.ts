/** Each way of paying for a swap, worth in USD once its cost is paid; undefined without prices. */
export interface GaslessNetComparison {
  /** The normal swap: its output's value minus the network fee the user pays. */
  gasPaidUsd: number | undefined
  /** The gasless order: its output's value (the relayer's fee is already out of it; no gas to pay). */
  gaslessUsd: number | undefined
}

/**
 * Compares a normal swap's quote with a gasless estimate of the same sale, in USD. The gasless output is valued
 * at the quote's own output price (`amountOutUsd / toTokenAmount`), so both sides use one price and the
 * difference is only what each way costs.
 */
export function compareGaslessNet(params: {
  quote: { toTokenAmount: string; amountOutUsd: number | null; gasCostUsd: number | null }
  gaslessAmountOut: bigint
}): GaslessNetComparison {
  const { quote } = params
  const out = BigInt(quote.toTokenAmount)
  const valueOut = quote.amountOutUsd
  if (valueOut === null || out === 0n) return { gasPaidUsd: undefined, gaslessUsd: undefined }
  // the ratio of two base-unit amounts: exact enough in floating point for a display in cents
  const gaslessUsd = valueOut * (Number(params.gaslessAmountOut) / Number(out))
  return {
    gasPaidUsd: quote.gasCostUsd === null ? undefined : valueOut - quote.gasCostUsd,
    gaslessUsd,
  }
}
