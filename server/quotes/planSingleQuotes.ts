import type { ChainMarket } from '../market/createChainMarket'
import type { IntegratorTagger } from './createIntegratorTagger'
import { findQuoteRoutes } from './findQuoteRoutes'
import { type PlannedQuote, planQuotes } from './planQuotes'
import { prepareSingleQuote } from './prepareSingleQuote'
import type { SingleQuoteQuery } from './singleQuoteQuery'

export interface QuoteContext {
  market: ChainMarket
  /** Unix milliseconds. */
  now: number
  quoteTtlSec: number
  /** Gives each call's `integratorId` (the caller's attribution tag, or zero). */
  tagIntegrator: IntegratorTagger
  requestId: string
}

/**
 * Plans "all available quotes" for a single-chain trade from the in-memory snapshot: the best route
 * over every exchange first, then the best route of each exchange, best first (see `prepareSingleQuote`,
 * `findQuoteRoutes` and `planQuotes`). No RPC call but the cached gas price.
 */
export async function planSingleQuotes(query: SingleQuoteQuery, ctx: QuoteContext): Promise<PlannedQuote[]> {
  const prepared = await prepareSingleQuote(query, ctx)
  return planQuotes(prepared.input, await findQuoteRoutes(ctx.market, prepared))
}
