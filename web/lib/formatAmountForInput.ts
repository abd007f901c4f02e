import { formatUnits } from 'viem'

/**
 * A base-unit amount as a plain decimal string an amount field can hold and parse back: no grouping, fraction
 * cut (rounded down) to `maxFractionDigits`, trailing zeros dropped ("1.5", "3002.948581").
 */
export function formatAmountForInput(params: {
  amount: bigint
  decimals: number
  maxFractionDigits?: number
}): string {
  const text = formatUnits(params.amount, params.decimals)
  const [whole, fraction = ''] = text.split('.')
  const cut = fraction.slice(0, params.maxFractionDigits ?? 6).replace(/0+$/, '')
  return cut === '' ? (whole ?? '0') : `${whole}.${cut}`
}
