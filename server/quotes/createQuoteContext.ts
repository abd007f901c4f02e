import { createIntegratorTagger } from './createIntegratorTagger'
import type { QuoteContext } from './planSingleQuotes'
import type { QuoteCaller, QuoteServiceDeps } from './quoteSingle'

/**
 * What `planSingleQuotes` needs for one request on `chainId`: the chain's market, the clock, the quote
 * lifetime, the caller's attribution tagger and request id. Throws UNSUPPORTED_CHAIN for a chain without a
 * market; rejects when a keyed caller's tag secret cannot be read.
 */
export async function createQuoteContext(
  deps: QuoteServiceDeps,
  chainId: number,
  caller: QuoteCaller,
): Promise<QuoteContext> {
  const market = deps.markets.get(chainId)
  const now = deps.now()
  return {
    market,
    now,
    quoteTtlSec: deps.quoteTtlSec,
    tagIntegrator: await createIntegratorTagger({
      auth: caller.auth,
      getTagSecret: deps.getTagSecret,
      chainId,
      aggregator: market.deployment.aggregator,
      nowSec: Math.floor(now / 1000),
    }),
    requestId: caller.requestId,
  }
}
