import type { AuthContext } from '../appEnv'
import { compareProviderQuotes, quoteAllProviders } from '../providers/quoteAllProviders'
import type { ProviderQuote } from '../providers/types'
import type { CrossServices } from './crossServices'
import {
  type CrossTradeParams,
  createCrossQuoteSigner,
  crossQuoteRequestOf,
  crossTaggerOf,
  keepsCrossValue,
  noCrossQuoteError,
  placeCrossQuote,
  rankCrossQuotes,
  resolveCrossTrade,
  type SignedCrossQuoteAnswer,
  selectCrossProviders,
} from './quoteCross'

/** One event of a streamed `quote/cross` answer. */
export type CrossQuoteEvent =
  /** An offer, as each element of the JSON answer, as soon as its provider answered; `id` counts from 0. */
  | { event: 'offer'; id: number; data: SignedCrossQuoteAnswer }
  /**
   * Every provider answered or timed out: the offers' ids best first (the JSON answer's order), and the
   * providers that gave none, with why.
   */
  | {
      event: 'end'
      data: { ranking: number[]; failures: { provider: string; reason: 'error' | 'timeout' }[] }
    }
  /** No offer can be shown (the JSON answer's 4xx/5xx, see `noCrossQuoteError`); nothing follows. */
  | { event: 'error'; error: unknown }

/**
 * `GET quote/cross` as a stream: the trade is resolved and its providers chosen first (throwing the same AppError
 * as `quoteCross`, before anything is written), then the returned function asks every provider at once and
 * sends each offer the moment its provider answers (built and signed as `quoteCross` does), so a slow provider
 * never holds the others; then `end` with the ranking, or `error` when no offer was sent. It ends within the
 * providers' timeout (`providerTimeoutMs`).
 */
export async function openCrossQuoteStream(
  services: CrossServices,
  params: CrossTradeParams & { estimate: boolean },
  auth?: AuthContext,
): Promise<(send: (event: CrossQuoteEvent) => Promise<void>) => Promise<void>> {
  const context = await resolveCrossTrade(services, params)
  const providers = selectCrossProviders(services, context)
  const build = params.estimate && params.sender !== undefined
  const tagIntegrator = await crossTaggerOf(services, params, build, auth)
  const sign = await createCrossQuoteSigner(services, auth)
  const byId = new Map(providers.map((p) => [p.id, p]))
  return async (send) => {
    const sent: ProviderQuote[] = []
    // offers are sent one at a time, in the order their providers answered
    let writing = Promise.resolve()
    const offer = async (quote: ProviderQuote) => {
      const provider = byId.get(quote.providerId)
      if (provider === undefined || !keepsCrossValue(quote, context)) return
      const placed = await placeCrossQuote(provider, quote, context, { build, tagIntegrator })
      const id = sent.length
      sent.push(quote)
      await send({ event: 'offer', id, data: sign(placed) })
    }
    const { quotes, failures } = await quoteAllProviders(providers, crossQuoteRequestOf(context), {
      timeoutMs: services.providerTimeoutMs,
      onQuotes: (answered) => {
        writing = writing.then(async () => {
          for (const quote of answered) await offer(quote)
        })
      },
    })
    try {
      await writing
    } catch (error: unknown) {
      await send({ event: 'error', error })
      return
    }
    if (sent.length === 0) {
      await send({ event: 'error', error: noCrossQuoteError(context, { quotes: quotes.length, failures }) })
      return
    }
    const ids = new Map(sent.map((quote, id) => [quote, id]))
    await send({
      event: 'end',
      data: {
        ranking: rankCrossQuotes(services, context, [...sent].sort(compareProviderQuotes)).map(
          (quote) => ids.get(quote) ?? -1,
        ),
        failures: failures.map((f) => ({ provider: f.providerId, reason: f.reason })),
      },
    })
  }
}
