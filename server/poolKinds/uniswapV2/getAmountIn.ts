import { SwapRevertError } from '../SwapRevertError'

/**
 * Smallest V2 input that yields at least `amountOut`: ceil(rIn*out*10000 / ((rOut-out)*(10000-fee))).
 * The pair's K check accepts exactly the inputs >= this value. (UniswapV2Library.getAmountIn returns
 * floor(...)+1, one wei more when the division is exact; the Aggregator must use this form for quotes to match.)
 * Throws SwapRevertError when amountOut is 0 or >= reserveOut.
 */
export function getAmountIn(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint {
  if (amountOut <= 0n) throw new SwapRevertError('INSUFFICIENT_OUTPUT_AMOUNT')
  if (reserveIn <= 0n || amountOut >= reserveOut) throw new SwapRevertError('INSUFFICIENT_LIQUIDITY')
  const numerator = reserveIn * amountOut * 10_000n
  const denominator = (reserveOut - amountOut) * BigInt(10_000 - feeBps)
  return (numerator + denominator - 1n) / denominator
}
