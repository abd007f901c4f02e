/**
 * Formats a percentage given in percent units (`12.5` -> "12.5%"), with at most `maximumFractionDigits`
 * (default 2) and at least `minimumFractionDigits` (default 0) digits after the point; a non-zero value that
 * rounds to zero is shown as "<0.01%" (for the default precision) rather than "0%".
 */
export function formatPercent(params: {
  value: number
  maximumFractionDigits?: number
  minimumFractionDigits?: number
  locale?: string
}): string {
  const { value, maximumFractionDigits = 2, minimumFractionDigits = 0, locale } = params
  const formatter = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits,
    minimumFractionDigits,
  })
  const smallest = 10 ** -maximumFractionDigits
  if (value > 0 && value < smallest / 2) return `<${formatter.format(smallest / 100)}`
  return formatter.format(value / 100)
}
