/**
 * The price of one whole `from` token in `to` base units, from a quote's two amounts (base units with their
 * decimals): `amountOut * 10^decimalsIn / amountIn`, rounded down. Undefined when `amountIn` is zero.
 */
export function computeExchangeRate(params: {
  amountIn: bigint
  decimalsIn: number
  amountOut: bigint
}): bigint | undefined {
  if (params.amountIn === 0n) return undefined
  return (params.amountOut * 10n ** BigInt(params.decimalsIn)) / params.amountIn
}
