/**
 * Formats a USD value for display ("$1,234.56"; "<$0.01" for tiny non-zero values); undefined or null (no price
 * known) gives undefined so the caller can omit it.
 */
export function formatUsd(params: { value: number | null | undefined; locale?: string }): string | undefined {
  const { value, locale } = params
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined
  if (value > 0 && value < 0.01) return '<$0.01'
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  }).format(value)
}
