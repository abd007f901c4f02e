import { SwapRevertError } from '../SwapRevertError'
import { divRoundingUp, MAX_UINT256, mulDiv, mulDivRoundingUp } from './fullMath'

const Q96 = 1n << 96n
const MAX_UINT160 = (1n << 160n) - 1n

function toUint160(value: bigint): bigint {
  if (value > MAX_UINT160) throw new SwapRevertError('toUint160')
  return value
}

/**
 * Port of `SqrtPriceMath.getNextSqrtPriceFromAmount0RoundingUp`, including its 256-bit overflow branches:
 * the price after adding (or removing) `amount` of token0, rounded up. Throws SwapRevertError where it reverts.
 */
export function getNextSqrtPriceFromAmount0RoundingUp(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (amount === 0n) return sqrtPX96
  const numerator1 = liquidity << 96n
  const product = amount * sqrtPX96
  if (add) {
    if (product <= MAX_UINT256) {
      const denominator = numerator1 + product
      if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator)
    }
    const sum = numerator1 / sqrtPX96 + amount
    if (sum > MAX_UINT256) throw new SwapRevertError('add overflow')
    return divRoundingUp(numerator1, sum)
  }
  if (product > MAX_UINT256 || numerator1 <= product) throw new SwapRevertError('amount0 exceeds reserves')
  return toUint160(mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product))
}

/**
 * Port of `SqrtPriceMath.getNextSqrtPriceFromAmount1RoundingDown`: the price after adding (or removing)
 * `amount` of token1, rounded down. Throws SwapRevertError where it reverts.
 */
export function getNextSqrtPriceFromAmount1RoundingDown(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (add) {
    const quotient = amount <= MAX_UINT160 ? (amount << 96n) / liquidity : mulDiv(amount, Q96, liquidity)
    return toUint160(sqrtPX96 + quotient)
  }
  const quotient =
    amount <= MAX_UINT160 ? divRoundingUp(amount << 96n, liquidity) : mulDivRoundingUp(amount, Q96, liquidity)
  if (sqrtPX96 <= quotient) throw new SwapRevertError('amount1 exceeds reserves')
  return sqrtPX96 - quotient
}

/** Port of `SqrtPriceMath.getNextSqrtPriceFromInput`. Throws SwapRevertError for zero price or liquidity. */
export function getNextSqrtPriceFromInput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtPX96 <= 0n) throw new SwapRevertError('P')
  if (liquidity <= 0n) throw new SwapRevertError('L')
  return zeroForOne
    ? getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
    : getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true)
}

/** Port of `SqrtPriceMath.getNextSqrtPriceFromOutput`. Throws SwapRevertError for zero price or liquidity. */
export function getNextSqrtPriceFromOutput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountOut: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtPX96 <= 0n) throw new SwapRevertError('P')
  if (liquidity <= 0n) throw new SwapRevertError('L')
  return zeroForOne
    ? getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountOut, false)
    : getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountOut, false)
}

/**
 * Port of `SqrtPriceMath.getAmount0Delta` (unsigned form): token0 between two prices for `liquidity`,
 * rounded up or down. Throws SwapRevertError when the lower price is 0.
 */
export function getAmount0Delta(
  sqrtRatioAX96: bigint,
  sqrtRatioBX96: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint {
  const [a, b] =
    sqrtRatioAX96 > sqrtRatioBX96 ? [sqrtRatioBX96, sqrtRatioAX96] : [sqrtRatioAX96, sqrtRatioBX96]
  if (a === 0n) throw new SwapRevertError('zero price')
  const numerator1 = liquidity << 96n
  const numerator2 = b - a
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, b), a)
    : mulDiv(numerator1, numerator2, b) / a
}

/** Port of `SqrtPriceMath.getAmount1Delta` (unsigned form): token1 between two prices, rounded up or down. */
export function getAmount1Delta(
  sqrtRatioAX96: bigint,
  sqrtRatioBX96: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint {
  const diff = sqrtRatioAX96 > sqrtRatioBX96 ? sqrtRatioAX96 - sqrtRatioBX96 : sqrtRatioBX96 - sqrtRatioAX96
  return roundUp ? mulDivRoundingUp(liquidity, diff, Q96) : mulDiv(liquidity, diff, Q96)
}
