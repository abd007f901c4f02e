import { type JsonText, toJsonText } from '../http/jsonText'
import type { FoundRoutes } from '../routing'
import { buildSwapCalldata } from './buildSwapCalldata'
import type { ChainQuoteView } from './chainQuoteView'
import { computeSwapValue } from './computeSwapValue'
import type { EstimateSwapParams } from './estimateSwap'
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

/**
 * One quote of an answer with gas estimation, before its estimate: its JSON text, and the transaction to
 * estimate (none for a quote without one); the estimate's fields go after the quote's (see `appendJsonFields`).
 */
export interface QuoteDraft {
  readonly json: JsonText<SingleQuoteResponse>
  readonly tx: Omit<EstimateSwapParams, 'sender'> | undefined
}

/**
 * The quotes of `found` as `answerSingleQuotes` writes them, one by one, each with the transaction its estimate
 * needs: made where the routes are found (calldata and text are most of a quote's work), estimated on the event
 * loop, which alone talks to the node.
 */
export function draftSingleQuotes(
  view: ChainQuoteView,
  job: SingleQuoteJob,
  found: FoundRoutes,
): QuoteDraft[] {
  return planQuotes(job.input, found).map((q) => ({
    json: toJsonText(formatSingleQuote(view, q, { requestId: job.requestId, uuid: job.uuid })),
    tx: q.call && {
      tokenIn: q.call.tokenIn,
      amountIn: q.call.amountIn,
      data: buildSwapCalldata(q.call),
      value: computeSwapValue(q.call),
    },
  }))
}
