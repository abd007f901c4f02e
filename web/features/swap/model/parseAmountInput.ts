import { parseUnits } from 'viem'

/**
 * Converts a sanitised human amount ("1.5") into base units of a token with `decimals`. Returns undefined for
 * an empty, malformed or zero amount (nothing to quote), never throws.
 */
export function parseAmountInput(params: { text: string; decimals: number }): bigint | undefined {
  const { text, decimals } = params
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return undefined
  const [, fraction = ''] = text.split('.')
  if (fraction.length > decimals) return undefined
  const amount = parseUnits(text.endsWith('.') ? text.slice(0, -1) : text, decimals)
  return amount > 0n ? amount : undefined
}
