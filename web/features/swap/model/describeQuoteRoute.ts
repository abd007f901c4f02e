import type { SingleQuote } from '../types'
import { getWrapKind } from './getWrapKind'
import { summarizeRoute } from './summarizeRoute'

/**
 * A quote's route as one line of text: "ETH → WETH, 1:1" for a wrap or unwrap, else each leg with its share,
 * hops and exchange, or for a long split its summary (see `summarizeRoute`).
 */
export function describeQuoteRoute(params: {
  quote: Pick<SingleQuote, 'protocol' | 'transactionData' | 'tokenFrom' | 'tokenTo'>
  tokens: readonly { address: string; symbol: string }[]
  locale?: string
}): string {
  const { quote } = params
  if (getWrapKind(quote) !== undefined) return `${quote.tokenFrom.symbol} → ${quote.tokenTo.symbol}, 1:1`
  return summarizeRoute({ protocol: quote.protocol, tokens: params.tokens, locale: params.locale }).text
}
