/**
 * The offers of a streamed answer as the list shows them: while providers are still answering, the most output
 * first (`dstTrade.toTokenAmount`, ties in arrival order); once the stream has ended, in its `ranking` (offer ids, best
 * first by net output, the JSON answer's order), offers it does not name kept after in arrival order. Pure.
 */
export function rankStreamedOffers<T extends { dstTrade: { toTokenAmount: string } }>(
  offers: readonly T[],
  ranking?: readonly number[],
): T[] {
  if (ranking === undefined) {
    return offers
      .map((offer, index) => ({ offer, index, out: BigInt(offer.dstTrade.toTokenAmount) }))
      .sort((a, b) => (a.out === b.out ? a.index - b.index : a.out > b.out ? -1 : 1))
      .map((x) => x.offer)
  }
  const named = ranking.flatMap((id) => {
    const offer = offers[id]
    return offer === undefined ? [] : [offer]
  })
  return [...named, ...offers.filter((_, id) => !ranking.includes(id))]
}
