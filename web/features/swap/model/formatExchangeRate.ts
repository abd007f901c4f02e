import { formatTokenAmount } from '../../../lib/formatTokenAmount'

/**
 * A rate in `decimals` base units per whole base token as text, rounded down, with precision that fits its
 * size: 2 fraction digits from 1,000 up, 4 from 1 up, and below 1 at least 6 and enough for 5 significant
 * digits (1 PEPE = 0.0000099959 USDC, not "<0.000001"), up to the token's decimals.
 */
export function formatExchangeRate(params: { rate: bigint; decimals: number; locale?: string }): string {
  const { rate, decimals, locale } = params
  const one = 10n ** BigInt(decimals)
  const leadingZeros = decimals - rate.toString().length
  const maximumFractionDigits =
    rate >= 1_000n * one ? 2 : rate >= one ? 4 : Math.min(decimals, Math.max(6, leadingZeros + 5))
  return formatTokenAmount({ amount: rate, decimals, locale, maximumFractionDigits, roundingMode: 'trunc' })
}
