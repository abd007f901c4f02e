import { parseUnits } from 'viem'

/**
 * The base units of a typed decimal amount for a token of `decimals`, or undefined when the text is not a
 * positive amount with at most `decimals` fraction digits (`0.1`, `12`, `1.5e3` is refused). Pure.
 */
export function parseCrossAmount(text: string, decimals: number): bigint | undefined {
  const trimmed = text.trim()
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed) ?? /^\.(\d+)$/.exec(trimmed)
  if (match === null) return undefined
  const fraction = trimmed.includes('.') ? (trimmed.split('.')[1] ?? '') : ''
  if (fraction.length > decimals) return undefined
  const amount = parseUnits(trimmed.startsWith('.') ? `0${trimmed}` : trimmed, decimals)
  return amount > 0n ? amount : undefined
}
