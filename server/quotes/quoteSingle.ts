import { getAddress } from 'viem'
import type { AuthContext } from '../appEnv'
import {
  appendJsonFields,
  encodeJsonText,
  joinJsonArray,
  type LentJson,
  lendJsonBytes,
  toJsonText,
} from '../http/jsonText'
import type { Markets } from '../market/createMarkets'
import { answerSingleQuotes, draftSingleQuotes, type SingleQuoteJob } from './answerSingleQuotes'
import { createQuoteContext } from './createQuoteContext'
import { estimateSwap } from './estimateSwap'
import { findQuoteRoutes, withQuoteRoutingErrors } from './findQuoteRoutes'
import type { SingleQuoteResponse } from './formatSingleQuote'
import { prepareSingleQuote } from './prepareSingleQuote'
import type { SingleQuoteQuery } from './singleQuoteQuery'

/** What the single-chain services need: the chains' markets, the quote lifetime and a clock (ms). */
export interface QuoteServiceDeps {
  markets: Markets
  quoteTtlSec: number
  now: () => number
  /** Key of the trade attribution tags (see `getIntegratorTagSecret`). */
  getTagSecret: () => Promise<Uint8Array>
}

/** Who asks: the request id (echoed in quotes) and the verified API key, if any. */
export interface QuoteCaller {
  requestId: string
  auth: AuthContext | undefined
}

/**
 * The whole `quote/single` answer, as JSON bytes (lent until written: see `LentJson`): every quote planned (see
 * `prepareSingleQuote`), and with a sender and estimation switched on, the sender's balance/allowance checked and
 * gas estimated for each, in parallel. Without estimation the market routes, plans and serializes the answer where it routes (a routing
 * worker: see `QuoteEngine.answerQuotes`); with it, the quotes are drafted there (see `QuoteEngine.draftQuotes`) and each gets its
 * estimate's fields here, where the node is read. Throws AppError for a request that cannot be quoted (see
 * `planSingleQuotes`), UNSUPPORTED_CHAIN for a chain without a market.
 */
export async function quoteSingle(
  deps: QuoteServiceDeps,
  chainId: number,
  query: SingleQuoteQuery,
  caller: QuoteCaller,
): Promise<LentJson<SingleQuoteResponse[]>> {
  const ctx = await createQuoteContext(deps, chainId, caller)
  const { market } = ctx
  const prepared = await prepareSingleQuote(query, ctx)
  const job: SingleQuoteJob = { input: prepared.input, requestId: caller.requestId, uuid: query.uuid }
  const estimateOn = query.disableEstimate === false || query.disableEstimateGas === false
  const sender = query.sender ? getAddress(query.sender) : undefined
  const { request, snapshot } = prepared
  const options = { perExchange: request?.exchangeIds === undefined }
  if (!(estimateOn && sender)) {
    if (!request) {
      return lendJsonBytes(answerSingleQuotes(market.quoteView, job, await findQuoteRoutes(market, prepared)))
    }
    return withQuoteRoutingErrors(
      market,
      prepared,
      market.quoteEngine.answerQuotes(snapshot, request, options, job, market.quoteView),
    )
  }
  const drafts = request
    ? await withQuoteRoutingErrors(
        market,
        prepared,
        market.quoteEngine.draftQuotes(snapshot, request, options, job, market.quoteView),
      )
    : draftSingleQuotes(market.quoteView, job, await findQuoteRoutes(market, prepared))
  // funds and estimates are read at the snapshot's block, once per block for the same sender and transaction:
  // the quotes of a request share one reading of the sender's funds, quotes with the same transaction (the best
  // is often one exchange's own) share one estimate, and so do requests that repeat within a block
  const quotes = await Promise.all(
    drafts.map(async ({ json, tx }) =>
      tx ? appendJsonFields(json, toJsonText(await estimateSwap(market, { ...tx, sender }, snapshot))) : json,
    ),
  )
  return lendJsonBytes(encodeJsonText(joinJsonArray(quotes)))
}
