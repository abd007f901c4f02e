import type { TypedResponse } from 'hono'

/**
 * A server-sent-events response (`streamSSE`) as a route that documents a JSON answer returns it: typed as no
 * JSON value at all, so the typed client's answer type stays the JSON one (the stream is read with EventSource
 * or a fetch reader, not the typed client).
 */
export function asEventStreamAnswer(response: Response): Response & TypedResponse<never, 200, 'json'> {
  return response as Response & TypedResponse<never, 200, 'json'>
}
