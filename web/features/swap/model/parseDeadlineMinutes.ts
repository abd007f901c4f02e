/** Largest transaction deadline the settings accept: three days, in minutes. */
export const maxDeadlineMinutes = 4_320

/**
 * Parses the deadline field: whole minutes from 1 to `maxDeadlineMinutes` (surrounding spaces allowed), else
 * undefined (empty, fractional, signed, exponent or out-of-range text).
 */
export function parseDeadlineMinutes(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return undefined
  const minutes = Number(trimmed)
  return minutes >= 1 && minutes <= maxDeadlineMinutes ? minutes : undefined
}
