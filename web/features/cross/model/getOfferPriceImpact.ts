/** An offer's price impact in percent (the API answers a fraction), undefined when unpriced or no offer. */
export function getOfferPriceImpact(offer: { priceImpact: number | null } | undefined): number | undefined {
  return offer === undefined || offer.priceImpact === null ? undefined : offer.priceImpact * 100
}
