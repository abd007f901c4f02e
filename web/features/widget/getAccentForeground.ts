/**
 * The text colour to draw on an accent `#rrggbb`: near-black on light accents, white on dark ones, whichever
 * contrasts more (WCAG relative luminance), so an integrator's colour never makes button labels unreadable.
 */
export function getAccentForeground(hex: string): '#ffffff' | '#0b1020' {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  const dark = 0.0066 // relative luminance of #0b1020
  const contrastWithWhite = 1.05 / (luminance + 0.05)
  const contrastWithDark = (luminance + 0.05) / (dark + 0.05)
  return contrastWithWhite >= contrastWithDark ? '#ffffff' : '#0b1020'
}
