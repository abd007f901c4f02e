import type { ProviderQuote } from '../providers/types'

/**
 * `quotes` best first by net output: what arrives in USD less the native fee the origin transaction pays on top
 * (`nativeFee` at the source chain's native price), so a provider that charges a messaging fee ranks below one
 * that delivers slightly less for none. Ties, and every comparison when a price is unknown, keep the given
 * order (`quoteAllProviders`: most output first). Pure; returns a new array.
 */
export function rankByNetOutput(
  quotes: readonly ProviderQuote[],
  prices: { outputUsd: number | undefined; outputDecimals: number; nativeUsd: number | undefined },
): ProviderQuote[] {
  const { outputUsd, nativeUsd } = prices
  if (outputUsd === undefined || nativeUsd === undefined) return [...quotes]
  const net = (q: ProviderQuote) =>
    (Number(q.amountOut) / 10 ** prices.outputDecimals) * outputUsd - (Number(q.nativeFee) / 1e18) * nativeUsd
  return quotes
    .map((quote, index) => ({ quote, index, net: net(quote) }))
    .sort((a, b) => (a.net === b.net ? a.index - b.index : b.net - a.net))
    .map((x) => x.quote)
}
