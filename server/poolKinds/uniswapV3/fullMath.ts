import { SwapRevertError } from '../SwapRevertError'

export const MAX_UINT256 = (1n << 256n) - 1n

/**
 * Port of Uniswap V3 `FullMath.mulDiv`: floor(a*b/denominator) with a 512-bit intermediate.
 * Inputs are uint256 values. Throws SwapRevertError when the denominator is 0 or the result exceeds uint256.
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new SwapRevertError('mulDiv: zero denominator')
  const result = (a * b) / denominator
  if (result > MAX_UINT256) throw new SwapRevertError('mulDiv: overflow')
  return result
}

/**
 * Port of Uniswap V3 `FullMath.mulDivRoundingUp`: ceil(a*b/denominator). Throws SwapRevertError when the
 * denominator is 0 or the rounded result exceeds uint256.
 */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new SwapRevertError('mulDiv: zero denominator')
  const product = a * b
  let result = product / denominator
  if (product % denominator !== 0n) result += 1n
  if (result > MAX_UINT256) throw new SwapRevertError('mulDivRoundingUp: overflow')
  return result
}

/** Port of `UnsafeMath.divRoundingUp`: ceil(x/y) for y > 0 (the EVM returns 0 for y == 0; callers never pass it). */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n
  const q = x / y
  return x % y === 0n ? q : q + 1n
}
