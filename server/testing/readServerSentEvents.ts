/** One server-sent event as a test reads it: its name, id and JSON data. */
export interface StreamEvent {
  event: string
  id?: string
  data: unknown
}

/** Test support: reads a server-sent-events body one event at a time (undefined at its end). */
export function readServerSentEvents(res: Response) {
  const reader = res.body?.getReader()
  if (!reader) throw new Error('no body')
  const decoder = new TextDecoder()
  let buffer = ''
  return async function next(): Promise<StreamEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = new Map(
          block
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        )
        const id = fields.get('id')
        return {
          event: fields.get('event') ?? 'message',
          ...(id === undefined ? {} : { id }),
          data: JSON.parse(fields.get('data') ?? 'null'),
        }
      }
      const { value, done } = await reader.read()
      if (done) return undefined
      buffer += decoder.decode(value, { stream: true })
    }
  }
}
