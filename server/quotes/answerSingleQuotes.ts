import { isDeepStrictEqual } from 'node:util'
import { encodeJsonText, type JsonBytes, type JsonText, joinJsonArray, toJsonText } from '../http/jsonText'
import type { FoundRoutes, Route } from '../routing'
import { buildSwapCalldata } from './buildSwapCalldata'
import type { ChainQuoteView } from './chainQuoteView'
import { computeSwapValue } from './computeSwapValue'
import type { EstimateSwapParams } from './estimateSwap'
import { formatSingleQuote, type SingleQuoteResponse } from './formatSingleQuote'
import { type PlannedQuote, planQuotes, type QuotePlanInput } from './planQuotes'
import { swapGasPathKey } from './swapGasPathKey'

/** A `quote/single` request whose routes are still to find: what answering it needs besides its chain's view. */
export interface SingleQuoteJob {
  readonly input: QuotePlanInput
  readonly requestId: string
  readonly uuid: string | undefined
}

/**
 * The JSON of a `quote/single` answer without gas estimation, in UTF-8: the quotes of `found`, planned (see
 * `planQuotes`) and formatted (see `formatSingleQuote`). Pure: a routing worker answers with it the request
 * whose routes it found (its buffer transferred), and the event loop with the same function otherwise. Throws PRICE_IMPACT_TOO_HIGH
 * as `planQuotes` does.
 */
export function answerSingleQuotes(
  view: ChainQuoteView,
  job: SingleQuoteJob,
  found: FoundRoutes,
): JsonBytes<SingleQuoteResponse[]> {
  return encodeJsonText(answerSingleQuotesText(view, job, found))
}

/** The JSON text of `answerSingleQuotes` (a routing worker writes it into its answer ring). */
export function answerSingleQuotesText(
  view: ChainQuoteView,
  job: SingleQuoteJob,
  found: FoundRoutes,
): JsonText<SingleQuoteResponse[]> {
  return joinJsonArray(quoteTexts(view, job, planQuotes(job.input, found)).map((t) => t.json))
}

/**
 * The JSON text of each planned quote, best first: formatted, or for an exchange's quote of the best route
 * found again (usually one), the best quote's text retagged (`ofBest`).
 */
function quoteTexts(
  view: ChainQuoteView,
  job: SingleQuoteJob,
  planned: readonly PlannedQuote[],
): { json: JsonText<SingleQuoteResponse>; ofBest: boolean }[] {
  const format = (q: PlannedQuote) =>
    toJsonText(formatSingleQuote(view, q, { requestId: job.requestId, uuid: job.uuid }))
  const [best, ...others] = planned
  if (!best) return []
  const bestJson = format(best)
  return [
    { json: bestJson, ofBest: false },
    ...others.map((q) => {
      const retagged = sameRoute(q.route, best.route) ? retagBest(bestJson, q) : undefined
      return retagged ? { json: retagged, ofBest: true } : { json: format(q), ofBest: false }
    }),
  ]
}

/** How the best quote's text begins (`formatSingleQuote` writes `isBest` and `exchangeId` first). */
const BEST_PREFIX = '{"isBest":true,"exchangeId":"best",'

/**
 * The text of `q`, an exchange's quote of the best quote's route, from the best quote's text: the same but for
 * `isBest` and `exchangeId`, the only fields of a quote that are not its route's, request's or chain's.
 * Undefined when the text does not begin as expected (then the quote is formatted in full).
 */
function retagBest(
  bestText: JsonText<SingleQuoteResponse>,
  q: PlannedQuote,
): JsonText<SingleQuoteResponse> | undefined {
  if (q.isBest || q.exchangeId === undefined || !bestText.startsWith(BEST_PREFIX)) return undefined
  const tag = `{"isBest":false,"exchangeId":${JSON.stringify(q.exchangeId)},`
  return `${tag}${bestText.slice(BEST_PREFIX.length)}` as JsonText<SingleQuoteResponse>
}

/** Whether two routes are the same in every field (their pools are the same snapshot's objects). */
function sameRoute(a: Route, b: Route): boolean {
  return a === b || (a.amountOut === b.amountOut && a.amountIn === b.amountIn && isDeepStrictEqual(a, b))
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
  const planned = planQuotes(job.input, found)
  const drafts: QuoteDraft[] = []
  for (const [i, { json, ofBest }] of quoteTexts(view, job, planned).entries()) {
    const q = planned[i]
    const call = q?.call
    // the best route again makes the best quote's call
    const tx = ofBest
      ? drafts[0]?.tx
      : q &&
        call && {
          tokenIn: call.tokenIn,
          amountIn: call.amountIn,
          data: buildSwapCalldata(call),
          value: computeSwapValue(call),
          pathKey: swapGasPathKey(q, view.taxedTokens),
        }
    drafts.push({ json, tx })
  }
  return drafts
}
