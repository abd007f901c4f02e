/**
 * The Tailwind text size of an amount field holding `length` characters: large while it fits a phone-wide
 * field, then smaller steps so long amounts stay readable instead of scrolling out of view.
 */
export function getAmountFontClass(length: number): 'text-3xl' | 'text-2xl' | 'text-xl' | 'text-base' {
  if (length <= 8) return 'text-3xl'
  if (length <= 11) return 'text-2xl'
  if (length <= 14) return 'text-xl'
  return 'text-base'
}
