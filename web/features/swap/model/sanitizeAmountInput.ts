/**
 * Cleans what the user types into an amount field: a comma becomes the decimal point, anything but digits and
 * one point is dropped, leading zeros collapse ("007" -> "7") and fraction digits beyond `decimals` are cut, so
 * the field never holds a value the token cannot represent.
 */
export function sanitizeAmountInput(params: { text: string; decimals: number }): string {
  const normalised = params.text.replaceAll(',', '.').replace(/[^\d.]/g, '')
  const pointAt = normalised.indexOf('.')
  let whole = pointAt === -1 ? normalised : normalised.slice(0, pointAt)
  const fraction = pointAt === -1 ? undefined : normalised.slice(pointAt + 1).replaceAll('.', '')
  whole = whole.replace(/^0+(?=\d)/, '')
  if (fraction === undefined) return whole
  if (params.decimals === 0) return whole
  return `${whole}.${fraction.slice(0, params.decimals)}`
}
