/** Extra fraction digits a rate keeps beyond the counter token's decimals, so tiny rates keep their digits. */
const rateExtraDecimals = 18

/** A rate as a fixed-point number: `amount / 10^decimals` counter tokens per whole base token. */
export interface ExchangeRate {
  amount: bigint
  decimals: number
}

/**
 * The price of one whole `from` token in `to` tokens, from a quote's two amounts (base units with their
 * decimals), as a fixed-point number with 18 fraction digits beyond `to`'s decimals (rounded down), so the
 * rate of a token worth a few units of the counter token's smallest unit (1 PEPE in USDC) keeps its
 * significant digits. Undefined when `amountIn` is zero.
 */
export function computeExchangeRate(params: {
  amountIn: bigint
  decimalsIn: number
  amountOut: bigint
  decimalsOut: number
}): ExchangeRate | undefined {
  if (params.amountIn === 0n) return undefined
  const scale = 10n ** BigInt(params.decimalsIn + rateExtraDecimals)
  return {
    amount: (params.amountOut * scale) / params.amountIn,
    decimals: params.decimalsOut + rateExtraDecimals,
  }
}
