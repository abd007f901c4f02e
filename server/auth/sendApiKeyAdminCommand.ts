import { connect } from 'node:net'
import type { AdminResponse } from './serveApiKeyAdmin'

/**
 * Sends one `apikey` command to a running server's admin socket (see `serveApiKeyAdmin`) and resolves
 * to its answer, or to undefined when no server listens there (no socket file, or a stale one).
 * Rejects when a server accepted the command but the answer is lost or malformed, or after
 * `timeoutMs` (default 30 s): the command may then have run, so the caller must not retry it blindly.
 */
export function sendApiKeyAdminCommand({
  socketPath,
  argv,
  timeoutMs = 30_000,
}: {
  socketPath: string
  argv: readonly string[]
  timeoutMs?: number
}): Promise<AdminResponse | undefined> {
  return new Promise((resolve, reject) => {
    let received = ''
    let connected = false
    const socket = connect(socketPath)
    socket.setEncoding('utf8')
    socket.setTimeout(timeoutMs, () => {
      socket.destroy()
      reject(new Error(`The server did not answer on ${socketPath} within ${timeoutMs / 1000} s`))
    })
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify({ argv })}\n`)
    })
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined)
      else reject(error)
    })
    socket.on('end', () => {
      const response = parseResponse(received.trim())
      if (response === undefined) reject(new Error(`Malformed answer from the server on ${socketPath}`))
      else resolve(response)
    })
  })
}

function parseResponse(text: string): AdminResponse | undefined {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('code' in parsed) || !('lines' in parsed))
      return undefined
    const { code, lines } = parsed
    if (typeof code !== 'number' || !Array.isArray(lines)) return undefined
    const valid = lines.every(
      (line: unknown) =>
        typeof line === 'object' &&
        line !== null &&
        'stream' in line &&
        (line.stream === 'out' || line.stream === 'err') &&
        'text' in line &&
        typeof line.text === 'string',
    )
    return valid ? { code, lines } : undefined
  } catch {
    return undefined
  }
}
