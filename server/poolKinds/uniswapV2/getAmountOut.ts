import { SwapRevertError } from '../SwapRevertError'

/**
 * V2 constant-product output for `amountIn` (what the pair received), with the pair's fee in bps:
 * floor(in*(10000-fee)*rOut / (rIn*10000 + in*(10000-fee))). Same value as UniswapV2Library's 997/1000 form for
 * fee 30. Throws SwapRevertError for a zero input or empty reserves.
 */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint {
  if (amountIn <= 0n) throw new SwapRevertError('INSUFFICIENT_INPUT_AMOUNT')
  if (reserveIn <= 0n || reserveOut <= 0n) throw new SwapRevertError('INSUFFICIENT_LIQUIDITY')
  const amountInWithFee = amountIn * BigInt(10_000 - feeBps)
  return (amountInWithFee * reserveOut) / (reserveIn * 10_000n + amountInWithFee)
}
