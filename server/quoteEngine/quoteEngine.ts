import type { LentJson } from '../http/jsonText'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import type { QuoteDraft, SingleQuoteJob } from '../quotes/answerSingleQuotes'
import type { ChainQuoteView } from '../quotes/chainQuoteView'
import type { SingleQuoteResponse } from '../quotes/formatSingleQuote'
import type { FoundRoutes, RouteRequest } from '../routing'

/**
 * What executes the route search of quotes: the market holds the data (snapshots, the chain's quote view), an
 * engine computes over it. Two engines answer the same, to the wei: `createLocalQuoteEngine` (on the event loop)
 * and `createRoutingPool` (on worker threads). Every method rejects with the RoutingError the search threw, or the
 * AppError planning threw.
 */
export interface QuoteEngine {
  /** The routes of `request` over `snapshot` (see `findRoutes`). */
  findRoutes(
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
  ): Promise<FoundRoutes>
  /**
   * The `quote/single` answer without gas estimation (see `answerSingleQuotes`), serialized where it is found:
   * a worker's answer crosses to the event loop as bytes, which the edge writes as they are (cheaper than
   * cloning the quote objects and serializing them again), lent until written (see `LentJson`).
   */
  answerQuotes(
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
    job: SingleQuoteJob,
    view: ChainQuoteView,
  ): Promise<LentJson<SingleQuoteResponse[]>>
  /** The quotes drafted for gas estimation (see `draftSingleQuotes`), where `answerQuotes` would answer them. */
  draftQuotes(
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
    job: SingleQuoteJob,
    view: ChainQuoteView,
  ): Promise<QuoteDraft[]>
}
