/**
 * Which quotes the quote list shows: all of them when expanded; otherwise only the best one and the chosen
 * one (when the user picked another), in the list's order, so the card stays short on every screen while the
 * choice that matters stays in view. `hiddenCount` is how many the "Show more" control reveals.
 */
export function selectShownQuotes<Q extends { exchangeId: string; isBest: boolean }>(params: {
  quotes: readonly Q[]
  selectedId: string
  expanded: boolean
}): { shown: Q[]; hiddenCount: number } {
  const { quotes, selectedId, expanded } = params
  if (expanded) return { shown: [...quotes], hiddenCount: 0 }
  const first = quotes[0]
  const hasBest = quotes.some((q) => q.isBest)
  const shown = quotes.filter((q) => q.exchangeId === selectedId || q.isBest || (!hasBest && q === first))
  return { shown, hiddenCount: quotes.length - shown.length }
}
