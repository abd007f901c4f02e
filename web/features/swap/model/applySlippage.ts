import type { SingleQuote } from '../types'

/**
 * The same quote traded with `slippagePercent` (e.g. 1.37) instead of the slippage it was requested with: the
 * minimum received (exact input: `toTokenAmount * (10000 - bps) / 10000`, rounded down) or the maximum sold
 * (exact output: `fromTokenAmount * (10000 + bps) / 10000`, rounded up) is recomputed, with bps rounded to a
 * whole basis point, the server's own rule. `deltaAmount`, `slippage`, the `transactionData` bound sent to
 * `POST swap/single` and, for a native exact-output sale, `nativeValue` all change together, so what the review
 * shows is what the transaction enforces. Returns a new object; the input is not changed.
 */
export function applySlippage(params: { quote: SingleQuote; slippagePercent: number }): SingleQuote {
  const { quote } = params
  const bps = Math.round(params.slippagePercent * 100)
  const info = { ...quote.transactionData.info, slippage: bps / 10_000 }
  const common = { slippage: bps / 100 }
  if (quote.tradeType === 0) {
    const amountOutMin = (BigInt(quote.toTokenAmount) * BigInt(10_000 - bps)) / 10_000n
    return {
      ...quote,
      ...common,
      deltaAmount: amountOutMin.toString(),
      transactionData: {
        ...quote.transactionData,
        info: { ...info, amountOutMin: amountOutMin.toString() },
      },
    }
  }
  const amountInMax = (BigInt(quote.fromTokenAmount) * BigInt(10_000 + bps) + 9_999n) / 10_000n
  return {
    ...quote,
    ...common,
    deltaAmount: amountInMax.toString(),
    nativeValue: BigInt(quote.nativeValue) === 0n ? quote.nativeValue : amountInMax.toString(),
    transactionData: {
      ...quote.transactionData,
      info: { ...info, amountInMax: amountInMax.toString() },
    },
  }
}
