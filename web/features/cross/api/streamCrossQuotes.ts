import { EventSourceParserStream } from 'eventsource-parser/stream'
import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'
import { toApiError } from '../../../lib/parseApiResponse'
import { rankStreamedOffers } from '../model/rankStreamedOffers'
import type { CrossQuote, CrossQuotesParams } from './crossQuote'

/**
 * Every provider's offer for a cross-chain trade as the providers answer (`GET quote/cross` with `Accept:
 * text/event-stream`): yields the offers so far after each one arrives, most output first, and once the stream
 * ends the list in the server's ranking (best first by net output). Throws `ApiError` (`NO_ROUTE`, `BELOW_MINIMUM`, `UNSUPPORTED_DIRECTION`, `INVALID_PARAMS` naming the receiver...):
 * a refusal known before any provider is asked comes as the JSON error answer, one after as the stream's `error`
 * event. A server that answers JSON instead of a stream yields its answer once.
 */
export async function* streamCrossQuotes(
  params: ApiRequestParams & CrossQuotesParams,
): AsyncGenerator<CrossQuote[], void, undefined> {
  const client = createApiClient(params.baseUrl)
  const response = await client.trade.v1[':chainId'].quote.cross.$get(
    {
      param: { chainId: String(params.sourceChainId) },
      query: {
        fromTokenAddress: params.fromTokenAddress,
        toTokenAddress: params.toTokenAddress,
        amount: params.amount.toString(),
        destinationChainId: String(params.destinationChainId),
        receiver: params.receiver,
        slippage: String(params.slippagePercent / 100),
        disableEstimate: 'true',
        ...(params.isExactOut ? { isExactOut: 'true' } : {}),
        ...(params.sender === undefined ? {} : { sender: params.sender }),
      },
    },
    { headers: { accept: 'text/event-stream' }, init: { signal: params.signal ?? null } },
  )
  const body = response.body
  if (!response.ok || body === null || !response.headers.get('content-type')?.includes('text/event-stream')) {
    yield await parseApiResponse(response)
    return
  }
  const offers: CrossQuote[] = []
  const events = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader()
  for (;;) {
    const { value: message, done } = await events.read()
    if (done) break
    const data: unknown = JSON.parse(message.data)
    if (message.event === 'offer') {
      offers.push(data as CrossQuote)
      yield rankStreamedOffers(offers)
    } else if (message.event === 'end') {
      const ranking = (data as { ranking?: unknown }).ranking
      yield rankStreamedOffers(
        offers,
        Array.isArray(ranking) ? ranking.filter((id) => typeof id === 'number') : undefined,
      )
      return
    } else if (message.event === 'error') {
      const statusCode = (data as { statusCode?: unknown }).statusCode
      throw toApiError({ statusCode: typeof statusCode === 'number' ? statusCode : 0, body: data })
    }
  }
}
