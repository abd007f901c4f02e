import { formatUnits } from 'viem'

export interface FormatTokenAmountParams {
  /** Amount in the token's base units. */
  amount: bigint
  decimals: number
  /** BCP 47 locale; the runtime default when undefined. */
  locale?: string | undefined
  /** Digits kept after the decimal point (default 6); the cut digits round by `roundingMode`. */
  maximumFractionDigits?: number
  /**
   * How the cut digits round. The default, `trunc`, is the one rule for every amount shown (a quote, a minimum,
   * what was received, a balance): never overstated, so a receipt never reads more than its quote did. `ceil`
   * is for what must never be understated (a fee, a maximum sold); `halfExpand` for nothing shown as money.
   */
  roundingMode?: 'halfExpand' | 'trunc' | 'ceil'
}

/**
 * Turns a base-unit amount into a human string: exact decimal conversion with viem's `formatUnits`,
 * then grouping and rounding with `Intl.NumberFormat` on the decimal string, so no precision is lost
 * through `number` even for amounts above 2^53. A non-zero amount that rounds to zero is shown as
 * `<0.000001` (for the default precision) rather than a misleading `0`.
 */
export function formatTokenAmount(params: FormatTokenAmountParams): string {
  const { amount, decimals, locale, maximumFractionDigits = 6, roundingMode = 'trunc' } = params
  const formatter = new Intl.NumberFormat(locale, { maximumFractionDigits, roundingMode })
  const decimal = formatUnits(amount, decimals)
  const formatted = formatter.format(decimal as Intl.StringNumericLiteral)
  if (amount !== 0n && /^-?0([.,]0*)?$/.test(formatted)) {
    const smallest = formatter.format(
      `${amount < 0n ? '-' : ''}0.${'0'.repeat(maximumFractionDigits - 1)}1` as Intl.StringNumericLiteral,
    )
    return amount < 0n ? `>${smallest}` : `<${smallest}`
  }
  return formatted
}
