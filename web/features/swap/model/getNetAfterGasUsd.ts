/**
 * What a quote is worth once gas is paid, in USD: for exact input the output's value minus gas (more is
 * better), for exact output the input's value plus gas (the total cost, less is better). Undefined without
 * prices. This is what "best after gas" ranks on.
 */
export function getNetAfterGasUsd(quote: {
  tradeType: number
  amountInUsd: number | null | undefined
  amountOutUsd: number | null | undefined
  gasCostUsd: number | null | undefined
}): number | undefined {
  const gas = quote.gasCostUsd
  if (gas === null || gas === undefined) return undefined
  const value = quote.tradeType === 0 ? quote.amountOutUsd : quote.amountInUsd
  if (value === null || value === undefined) return undefined
  return quote.tradeType === 0 ? value - gas : value + gas
}
