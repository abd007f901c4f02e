import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import type { ExchangeRate } from './computeExchangeRate'

/**
 * A rate (counter tokens per whole base token, fixed-point) as text, rounded down, with precision that fits
 * its size: 2 fraction digits from 1,000 up, 4 from 1 up, and below 1 at least 6 and enough for 5 significant
 * digits (1 PEPE = 0.0000099959 USDC, not "<0.000001" or "0.00001"), up to the rate's own precision.
 */
export function formatExchangeRate(params: { rate: ExchangeRate; locale?: string }): string {
  const { rate, locale } = params
  const { amount, decimals } = rate
  const one = 10n ** BigInt(decimals)
  const leadingZeros = decimals - amount.toString().length
  const maximumFractionDigits =
    amount >= 1_000n * one ? 2 : amount >= one ? 4 : Math.min(decimals, Math.max(6, leadingZeros + 5))
  return formatTokenAmount({ amount, decimals, locale, maximumFractionDigits, roundingMode: 'trunc' })
}
