import type { SingleQuote } from '../types'
import { formatRoute } from './formatRoute'
import { getWrapKind } from './getWrapKind'

/**
 * A quote's route as one line of text: "ETH → WETH, 1:1" for a wrap or unwrap, else each leg with its share,
 * hops and exchange (see `formatRoute`).
 */
export function describeQuoteRoute(params: {
  quote: Pick<SingleQuote, 'protocol' | 'transactionData' | 'tokenFrom' | 'tokenTo'>
  tokens: readonly { address: string; symbol: string }[]
  locale?: string
}): string {
  const { quote } = params
  if (getWrapKind(quote) !== undefined) return `${quote.tokenFrom.symbol} → ${quote.tokenTo.symbol}, 1:1`
  return formatRoute({ protocol: quote.protocol, tokens: params.tokens, locale: params.locale })
}
