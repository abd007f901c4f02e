/** A label shown on an offer of the cross-chain list. */
export type OfferLabel = 'cheapest' | 'fastest'

/**
 * The labels of each offer, by index, for offers already ranked best first by net output (as `quote/cross`
 * answers): the first is `cheapest`, the one with the least `processingTime` (the first on a tie) is `fastest`;
 * one offer may carry both. A single offer, or none, gets no labels: there is nothing to compare.
 */
export function labelOffers(offers: readonly { processingTime: number }[]): OfferLabel[][] {
  const labels: OfferLabel[][] = offers.map(() => [])
  if (offers.length < 2) return labels
  labels[0]?.push('cheapest')
  let fastest = 0
  for (const [index, offer] of offers.entries()) {
    if (offer.processingTime < (offers[fastest]?.processingTime ?? Number.POSITIVE_INFINITY)) fastest = index
  }
  labels[fastest]?.push('fastest')
  return labels
}

/** An offer's expected time in words: seconds under a minute, else whole minutes. */
export function describeOfferTime(processingTimeSec: number): string {
  if (processingTimeSec < 60) return `about ${Math.max(1, Math.round(processingTimeSec))} s`
  return `about ${Math.round(processingTimeSec / 60)} min`
}
