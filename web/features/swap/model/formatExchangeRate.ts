import { formatTokenAmount } from '../../../lib/formatTokenAmount'

/**
 * A rate in `decimals` base units per whole base token as text, rounded down, with precision that fits its
 * size: 2 fraction digits from 1,000 up, 4 from 1 up, 6 below 1 (tiny rates still show "<0.000001").
 */
export function formatExchangeRate(params: { rate: bigint; decimals: number; locale?: string }): string {
  const { rate, decimals, locale } = params
  const one = 10n ** BigInt(decimals)
  const maximumFractionDigits = rate >= 1_000n * one ? 2 : rate >= one ? 4 : 6
  return formatTokenAmount({ amount: rate, decimals, locale, maximumFractionDigits, roundingMode: 'trunc' })
}
