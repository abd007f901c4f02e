import { connect, type Socket } from 'node:net'

/** An answer as the load generator reads it: the status and the body's bytes. */
export interface LoadAnswer {
  readonly status: number
  readonly body: Buffer
}

/** One client of the load generator: a keep-alive HTTP/1.1 connection asking one GET at a time. */
export interface LoadConnection {
  get(pathAndQuery: string): Promise<LoadAnswer>
  close(): void
}

const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * A connection to `baseUrl` (http only) that writes each GET as one prepared line and reads the answer by its
 * Content-Length, parsing nothing else of the head. The bench's load generator shares the cores with the server
 * it measures; node:http's client spends about 2.3 times as much CPU a request (a third of a core at 1,500 q/s),
 * which the server's figures would pay for. An answer without Content-Length (chunked) rejects, as does a
 * connection closed before the answer is whole; after a close the next `get` connects again.
 */
export function createLoadConnection(baseUrl: string): LoadConnection {
  const url = new URL(baseUrl)
  if (url.protocol !== 'http:') throw new Error(`createLoadConnection: ${baseUrl} is not http`)
  const port = Number(url.port || 80)
  let socket: Socket | undefined
  let pending: { resolve: (a: LoadAnswer) => void; reject: (e: Error) => void } | undefined
  let buffered: Buffer = Buffer.alloc(0)
  /** Head and body length of the answer being read, once its head is whole. */
  let expected: { status: number; bodyStart: number; total: number } | undefined

  const fail = (error: Error) => {
    const p = pending
    pending = undefined
    expected = undefined
    buffered = Buffer.alloc(0)
    socket?.destroy()
    socket = undefined
    p?.reject(error)
  }

  const onData = (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    if (!expected) {
      const headEnd = buffered.indexOf(HEAD_END)
      if (headEnd < 0) return
      const head = buffered.toString('latin1', 0, headEnd)
      const status = Number(head.slice(9, 12))
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
      if (!Number.isInteger(status) || length === undefined) {
        fail(new Error(`answer without a status or Content-Length: ${head.split('\r\n', 1)[0]}`))
        return
      }
      const bodyStart = headEnd + HEAD_END.length
      expected = { status, bodyStart, total: bodyStart + Number(length) }
    }
    if (buffered.length < expected.total) return
    const answer = { status: expected.status, body: buffered.subarray(expected.bodyStart, expected.total) }
    buffered = buffered.subarray(expected.total)
    expected = undefined
    const p = pending
    pending = undefined
    p?.resolve(answer)
  }

  const open = (): Socket => {
    const s = connect(port, url.hostname)
    s.setNoDelay(true)
    s.on('data', onData)
    s.on('error', (e) => {
      if (socket === s) fail(e)
    })
    s.on('close', () => {
      if (socket === s) fail(new Error('connection closed before the answer was whole'))
    })
    return s
  }

  return {
    get(pathAndQuery) {
      if (pending) return Promise.reject(new Error('createLoadConnection: one request at a time'))
      return new Promise<LoadAnswer>((resolve, reject) => {
        pending = { resolve, reject }
        if (!socket || socket.destroyed) socket = open()
        socket.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`)
      })
    },
    close() {
      const s = socket
      socket = undefined
      s?.destroy()
      if (pending) fail(new Error('connection closed by its owner'))
    },
  }
}
