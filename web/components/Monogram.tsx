/**
 * A lettered disc for a token or chain without a logo: up to three letters of `label`, in a font sized to the
 * disc (`getMonogramFontSize`) so the letters never overflow or clip.
 */
export function Monogram({ label, size }: { label: string; size: number }) {
  const letters =
    label
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 3)
      .toUpperCase() || '?'
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: getMonogramFontSize({ size, letters: letters.length }) }}
      className="inline-flex shrink-0 items-center justify-center overflow-visible whitespace-nowrap rounded-full bg-line font-bold leading-none tracking-tight text-fg"
    >
      {letters}
    </span>
  )
}

/** Font size (px) that fits `letters` capital letters inside a disc of `size` px: about 80% of its width. */
export function getMonogramFontSize(params: { size: number; letters: number }): number {
  const { size, letters } = params
  const perLetter = letters <= 1 ? 0.5 : letters === 2 ? 0.4 : 0.28
  return Math.max(5, Math.floor(size * perLetter * 10) / 10)
}
