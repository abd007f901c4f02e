import { quoteAllProviders } from '../providers/quoteAllProviders'
import type { CrossChainProvider, ProviderQuote, ProviderQuoteRequest } from '../providers/types'
import type { CrossServices } from './crossServices'
import type { CrossQuoteContext } from './formatCrossQuote'
import { keepsCrossValue, noCrossQuoteError, rankCrossQuotes } from './quoteCross'

/**
 * The best offer (by net output, `rankCrossQuotes`) of one `provider` for `request`, a request of the resolved
 * trade `context` (it may ask for another amount, asset or legs of it), within the providers' timeout. Offers
 * beyond the liquidity (`keepsCrossValue`) are left out; throws `noCrossQuoteError` (the provider's own refusal,
 * a 503 when it did not answer, 422 NO_ROUTE) when none is left.
 */
export async function quoteCrossProvider(
  services: CrossServices,
  context: CrossQuoteContext,
  provider: CrossChainProvider,
  request: ProviderQuoteRequest,
): Promise<ProviderQuote> {
  const { quotes, failures } = await quoteAllProviders([provider], request, {
    timeoutMs: services.providerTimeoutMs,
  })
  const kept = quotes.filter((quote) => keepsCrossValue(quote, context))
  const [best] = rankCrossQuotes(services, context, kept)
  if (best === undefined) throw noCrossQuoteError(context, { quotes: quotes.length, failures })
  return best
}
