/** A quote's path as the compatible answer gives it (`route`), null when the provider does not say. */
export interface OfferRoute {
  via: string
  sourceSwap: boolean
  destinationSwap: boolean
}

/**
 * How an offer gets there, in words: the swap on each side (when there is one) around what crosses between the
 * chains, e.g. "Swap on Ethereum → USDC across → swap on Arbitrum". Undefined without a route. Pure.
 */
export function describeOfferRoute(
  route: OfferRoute | null,
  sourceName: string,
  destinationName: string,
): string | undefined {
  if (route === null) return undefined
  return [
    route.sourceSwap ? `Swap on ${sourceName}` : undefined,
    `${route.via} across`,
    route.destinationSwap ? `swap on ${destinationName}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(' → ')
}
