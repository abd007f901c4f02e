/**
 * The offers of an exact-output answer that pay exactly `exactAmount` on the destination (`dstTrade.toTokenAmount`
 * equal to it, in base units): an offer that would pay anything else cannot guarantee the amount the user typed
 * and is left out, whatever the server sent. The order (best first) is kept. Pure.
 */
export function selectExactOutOffers<T extends { dstTrade: { toTokenAmount: string } }>(
  offers: readonly T[],
  exactAmount: bigint,
): T[] {
  return offers.filter((offer) => offer.dstTrade.toTokenAmount === exactAmount.toString())
}
