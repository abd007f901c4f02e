import { getAddress } from 'viem'
import { AppError } from '../errors'
import { buildSingleSwap } from './buildSingleSwap'
import { createQuoteContext } from './createQuoteContext'
import { formatSingleQuote } from './formatSingleQuote'
import { planSingleQuotes } from './planSingleQuotes'
import type { QuoteCaller, QuoteServiceDeps } from './quoteSingle'
import type { SingleQuoteQuery } from './singleQuoteQuery'

/**
 * `GET swap/single`: quotes the trade (the best route, or the best of `dex`) for `sender` and answers the
 * transaction for it (see `buildSingleSwap`) with the quote it was built from (`quote`, `amountOut`,
 * `quoteDeadline`). Throws what `planSingleQuotes` throws (a receiver or fee receiver that would lose the
 * funds included), NO_ROUTE when nothing is left.
 */
export async function buildSingleSwapFromQuery(
  deps: QuoteServiceDeps,
  chainId: number,
  query: SingleQuoteQuery & { sender: string },
  caller: QuoteCaller,
) {
  const ctx = await createQuoteContext(deps, chainId, caller)
  const { market } = ctx
  const [best] = await planSingleQuotes(query, ctx)
  if (!best?.call) throw new AppError('NO_ROUTE', 'No route for this trade')
  const swap = await buildSingleSwap(market, {
    call: best.call,
    sender: getAddress(query.sender),
    feeAmount: best.route.feeAmount,
    gasUnits: best.route.gasUnits,
  })
  const quote = formatSingleQuote(market.quoteView, best, { requestId: caller.requestId, uuid: query.uuid })
  return { ...swap, quote, amountOut: quote.toTokenAmount, quoteDeadline: quote.quoteDeadline }
}
