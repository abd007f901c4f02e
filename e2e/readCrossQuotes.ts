import type { Response } from '@playwright/test'
import { createParser, type EventSourceMessage } from 'eventsource-parser'

/**
 * The offers of a successful `quote/cross` answer the page received, best first: the app asks for them as
 * server-sent events (`offer` events, then `end` with the ranking); a JSON answer is read as it is.
 */
export async function readCrossQuotes<T>(response: Response): Promise<T[]> {
  if (!(response.headers()['content-type'] ?? '').includes('text/event-stream'))
    return (await response.json()) as T[]
  const messages: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (message) => messages.push(message) })
  parser.feed(await response.text())
  const offers = messages.filter((m) => m.event === 'offer').map((m) => JSON.parse(m.data) as T)
  const end = messages.find((m) => m.event === 'end')
  const ranking = end ? (JSON.parse(end.data) as { ranking: number[] }).ranking : offers.map((_, i) => i)
  return ranking.flatMap((id) => {
    const offer = offers[id]
    return offer === undefined ? [] : [offer]
  })
}

/**
 * The status of a `quote/cross` refusal: the JSON answer's, or in a stream the `error` event's `statusCode`;
 * undefined for an answer with offers.
 */
export async function readCrossQuoteRefusal(response: Response): Promise<number | undefined> {
  if (!isEventStream(response)) return response.ok() ? undefined : response.status()
  const error = (await readEvents(response)).find((m) => m.event === 'error')
  return error ? (JSON.parse(error.data) as { statusCode: number }).statusCode : undefined
}

const isEventStream = (response: Response) =>
  (response.headers()['content-type'] ?? '').includes('text/event-stream')

async function readEvents(response: Response): Promise<EventSourceMessage[]> {
  const messages: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (message) => messages.push(message) })
  parser.feed(await response.text())
  return messages
}
