import http from 'node:http'
import https from 'node:https'

/**
 * One keep-alive agent per protocol for every node the server reads. An idle connection is closed after 4 s, as
 * fetch does: a node (or its load balancer) that closes idle connections first would otherwise reset the next
 * request sent on one, and a liveness read is not retried.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
}

/**
 * `fetch` for the server's calls to nodes (JSON-RPC over HTTP): the same request on node:http(s) with keep-alive,
 * answered by a `Response` of the parts such clients read (ok, status, statusText, headers.get, text, json,
 * arrayBuffer; `body` null, so viem reads it with `text()`). Node's fetch cost about 1 ms of the event loop a call
 * and this half of it (viem's `getBlock` against a local anvil, 400 calls: 1.04-1.48 -> 0.51-0.56 ms of CPU), and
 * an idle server polls its nodes some 15 times a second. A request this does not handle (a body other than a
 * string or bytes, a `Request`) and a redirect (fetch follows it) go to fetch. Rejects as fetch does: with the
 * signal's reason when aborted, a TypeError when the request fails.
 */
export const nodeFetch: typeof fetch = (input, init) => {
  const url =
    input instanceof URL ? input : typeof input === 'string' ? (URL.parse(input) ?? undefined) : undefined
  const body = init?.body
  const agent = url && agents[url.protocol as keyof typeof agents]
  if (!url || !agent || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)))
    return fetch(input, init)
  const signal = init?.signal ?? undefined
  if (signal?.aborted) return Promise.reject(signal.reason)
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: init?.method ?? 'GET', headers: headersOf(init?.headers), agent },
      (response) => {
        if (REDIRECTS.has(response.statusCode ?? 0) && response.headers.location !== undefined) {
          // fetch follows redirects: let it (a node's URL that moved is no hot path)
          response.resume()
          signal?.removeEventListener('abort', abort)
          resolve(fetch(input, init))
          return
        }
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', fail)
        response.on('end', () => {
          signal?.removeEventListener('abort', abort)
          resolve(answer(response, Buffer.concat(chunks)))
        })
      },
    )
    function fail(cause: unknown) {
      signal?.removeEventListener('abort', abort)
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause }))
    }
    function abort() {
      request.destroy()
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
    request.on('error', fail)
    request.end(body ?? undefined)
  })
}

/** Statuses fetch follows to their `location`. */
const REDIRECTS = new Set([301, 302, 303, 307, 308])

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  if (headers === undefined) return {}
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(headers)
  return { ...headers }
}

/** The parts of a `Response` a JSON-RPC client reads, over the bytes received. */
function answer(response: http.IncomingMessage, bytes: Buffer): Response {
  const status = response.statusCode ?? 0
  const headers = response.headers
  const text = async () => bytes.toString('utf8')
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: response.statusMessage ?? '',
    headers: {
      get: (name: string) => {
        const value = headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
      has: (name: string) => headers[name.toLowerCase()] !== undefined,
    },
    body: null,
    bodyUsed: false,
    redirected: false,
    url: '',
    type: 'basic',
    text,
    json: async () => JSON.parse(await text()),
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  } as unknown as Response
}
