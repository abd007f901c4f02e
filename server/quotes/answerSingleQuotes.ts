import type { JsonText } from '../http/jsonText'
import { toJsonText } from '../http/jsonText'
import type { FoundRoutes } from '../routing'
import type { ChainQuoteView } from './chainQuoteView'
import { formatSingleQuote, type SingleQuoteResponse } from './formatSingleQuote'
import { planQuotes, type QuotePlanInput } from './planQuotes'

/** A `quote/single` request whose routes are still to find: what answering it needs besides its chain's view. */
export interface SingleQuoteJob {
  readonly input: QuotePlanInput
  readonly requestId: string
  readonly uuid: string | undefined
}

/**
 * The JSON text of a `quote/single` answer without gas estimation: the quotes of `found`, planned (see
 * `planQuotes`) and formatted (see `formatSingleQuote`). Pure: a routing worker answers with it the request
 * whose routes it found, and the event loop with the same function otherwise. Throws PRICE_IMPACT_TOO_HIGH
 * as `planQuotes` does.
 */
export function answerSingleQuotes(
  view: ChainQuoteView,
  job: SingleQuoteJob,
  found: FoundRoutes,
): JsonText<SingleQuoteResponse[]> {
  const quotes = planQuotes(job.input, found).map((q) =>
    formatSingleQuote(view, q, { requestId: job.requestId, uuid: job.uuid }),
  )
  return toJsonText(quotes)
}
