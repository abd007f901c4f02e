import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

/** What comes before the hex of a JSON-RPC result, as anvil writes its answers. */
const RESULT_MARK = '"result":"0x'
/** An answer that has not reached its result within this many bytes carries none (an error, say). */
const MAX_HEAD_BYTES = 64 * 1024

/**
 * The bytes of the hex string a JSON-RPC answer carries as its `result`, decoded as the answer's chunks arrive:
 * `anvil_dumpState` answers the whole chain state (chain 1 of the large market: some 800 MB of JSON, gzipped,
 * then written out as hex) in one answer, which read whole and decoded held well over a gigabyte of memory.
 * Throws the answer's error, or when it carries no hex result.
 */
export async function* hexResultBytes(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let head = ''
  let inResult = false
  // a hex digit left over from a chunk of odd length
  let carry = ''
  for await (const chunk of chunks) {
    let text = Buffer.from(chunk).toString('latin1')
    if (!inResult) {
      head += text
      const at = head.indexOf(RESULT_MARK)
      if (at < 0) {
        if (head.length > MAX_HEAD_BYTES)
          throw new Error(`no hex result in the answer: ${head.slice(0, 200)}`)
        continue
      }
      inResult = true
      text = head.slice(at + RESULT_MARK.length)
      head = ''
    }
    const end = text.indexOf('"')
    const digits = carry + (end < 0 ? text : text.slice(0, end))
    const even = digits.length - (digits.length % 2)
    carry = digits.slice(even)
    if (even > 0) yield Buffer.from(digits.slice(0, even), 'hex')
    if (end >= 0) {
      if (carry !== '') throw new Error('the hex result has an odd number of digits')
      return
    }
  }
  if (!inResult) throw new Error(answerError(head))
  throw new Error('the answer ended inside its hex result')
}

/** The error a JSON-RPC answer without a result reports. */
function answerError(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown }
    return body.error === undefined
      ? `no result in the answer: ${text.slice(0, 200)}`
      : JSON.stringify(body.error)
  } catch {
    return `malformed answer: ${text.slice(0, 200)}`
  }
}

/** `bytes` ungzipped when they start with gzip's magic, else as they are. */
export async function* gunzippedIfGzip(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = bytes[Symbol.asyncIterator]()
  // the first two bytes tell, whatever the chunks' sizes
  let start = Buffer.alloc(0)
  while (start.length < 2) {
    const next = await iterator.next()
    if (next.done) break
    start = Buffer.concat([start, next.value])
  }
  async function* all() {
    if (start.length > 0) yield start
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  }
  if (start[0] !== 0x1f || start[1] !== 0x8b) {
    yield* all()
    return
  }
  // `pipe` does not pass a source's error on: the gunzip stream would wait for the rest forever
  const source = Readable.from(all())
  const gunzip = createGunzip()
  source.once('error', (error) => gunzip.destroy(error))
  yield* source.pipe(gunzip)
}

/**
 * The state of the anvil at `rpcUrl` (`anvil_dumpState`) as the JSON `--load-state` reads, streamed: decoded and
 * ungzipped as it arrives, so saving it holds a chunk at a time, not the whole state three times over. For the
 * deploy's snapshot (`startDevnet`); the live saves of the small market's chains (`startAnvil`) are small and
 * read the dump whole.
 */
export async function streamAnvilState(rpcUrl: string, timeoutMs?: number): Promise<AsyncIterable<Buffer>> {
  const response = await fetch(rpcUrl, {
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
  })
  if (!response.body) throw new Error(`anvil_dumpState: HTTP ${response.status} without a body`)
  // Node's web streams are async iterable (the DOM typings do not say so)
  return gunzippedIfGzip(hexResultBytes(response.body as unknown as AsyncIterable<Uint8Array>))
}
