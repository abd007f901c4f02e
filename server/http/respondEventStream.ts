import type { Context, TypedResponse } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppEnv } from '../appEnv'
import type { Logger } from '../logger'
import { describeError } from '../middleware/handleError'

/**
 * One event a streamed answer sends: a named event with its data (JSON text, e.g. `JsonText`, is written as it
 * is; any other value as its JSON) and an optional `id`, or `error`, whose error becomes the error body
 * `describeError` makes of it (logged as a failed request would be).
 */
export type StreamedEvent = { event: 'error'; error: unknown } | { event: string; id?: number; data: unknown }

/**
 * Answers `run`'s events as server-sent events (`streamSSE`); events sent after the client went away are
 * dropped. Typed as no JSON value at all, so a route that documents a JSON answer returns it and the typed
 * client's answer type stays the JSON one (the stream is read with EventSource or a fetch reader).
 */
export function respondEventStream<E extends StreamedEvent>(
  c: Context<AppEnv>,
  logger: Logger,
  run: (send: (event: E) => Promise<void>) => Promise<void>,
): Response & TypedResponse<never, 200, 'json'> {
  const requestId = c.get('requestId') ?? 'unknown'
  const response = streamSSE(c, (stream) =>
    run(async (event) => {
      if (stream.aborted) return
      const data =
        'error' in event
          ? JSON.stringify(
              describeError(event.error, requestId, logger, { method: c.req.method, path: c.req.path }).body,
            )
          : typeof event.data === 'string'
            ? event.data
            : JSON.stringify(event.data)
      await stream.writeSSE({
        event: event.event,
        data,
        ...('id' in event && event.id !== undefined ? { id: String(event.id) } : {}),
      })
    }),
  )
  return response as Response & TypedResponse<never, 200, 'json'>
}
