/** Whether an `Accept` header asks for server-sent events (`text/event-stream`). */
export const acceptsEventStream = (accept: string | undefined) =>
  accept?.includes('text/event-stream') === true
