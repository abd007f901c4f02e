import { formatTokenAmount } from '../../../lib/formatTokenAmount'

/**
 * What the user pays for an offer by the spec's cost rules, in words: for a native input the amount plus the
 * provider's native fee in one figure ("1.0021 ETH"); for a token input the amount and the native fee beside it
 * ("2,500 USDC + 0.0021 ETH"), or the amount alone when the fee is taken from it. Pure.
 */
export function describeCrossCost(params: {
  amountIn: bigint
  nativeFee: bigint
  fromIsNative: boolean
  from: { symbol: string; decimals: number }
  native: { symbol: string; decimals: number }
}): string {
  const { amountIn, nativeFee, from, native } = params
  if (params.fromIsNative)
    return `${formatTokenAmount({ amount: amountIn + nativeFee, decimals: native.decimals })} ${native.symbol}`
  const token = `${formatTokenAmount({ amount: amountIn, decimals: from.decimals })} ${from.symbol}`
  return nativeFee === 0n
    ? token
    : `${token} + ${formatTokenAmount({ amount: nativeFee, decimals: native.decimals })} ${native.symbol}`
}
