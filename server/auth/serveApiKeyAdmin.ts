import { chmod, mkdir, rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import path from 'node:path'
import type { Store } from '../store/createStore'
import { runApiKeyCommand } from './runApiKeyCommand'

/** One line of a command's output, as the admin socket sends it back. */
export type AdminOutputLine = { stream: 'out' | 'err'; text: string }
export type AdminResponse = { code: number; lines: AdminOutputLine[] }

const maxRequestBytes = 64 * 1024

/** Where a server on the embedded database under `dataDir` listens for `apikey` commands. */
export function getApiKeyAdminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin', 'apikey.sock')
}

/**
 * Serves `apikey` commands to the machine's user while the server owns the embedded database: a unix
 * socket at `socketPath` inside a directory created with mode 0700, the socket itself 0600, so only
 * that user can connect. A client sends one JSON line `{ "argv": [...] }` and receives one JSON line
 * `{ code, lines }` (see `runApiKeyCommand`). A stale socket file (a crashed server; the data
 * directory lock guarantees no live one) is replaced. Rejects when the socket cannot be created, e.g.
 * a path longer than the system allows.
 */
export async function serveApiKeyAdmin({
  store,
  socketPath,
}: {
  store: Store
  socketPath: string
}): Promise<{ close: () => Promise<void> }> {
  const dir = path.dirname(socketPath)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  await rm(socketPath, { force: true })
  const server = createServer((socket) => handle(socket, store))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  await chmod(socketPath, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        rm(socketPath, { force: true }).catch(() => {})
      }),
  }
}

function handle(socket: Socket, store: Store) {
  let received = ''
  socket.setEncoding('utf8')
  socket.on('error', () => socket.destroy())
  socket.on('data', (chunk: string) => {
    received += chunk
    if (received.length > maxRequestBytes) {
      socket.end(`${JSON.stringify(failure('request too large'))}\n`)
      return
    }
    const newline = received.indexOf('\n')
    if (newline === -1) return
    socket.pause()
    answer(received.slice(0, newline), store).then(
      (response) => socket.end(`${JSON.stringify(response)}\n`),
      () => socket.end(`${JSON.stringify(failure('the command failed in the server; see its log'))}\n`),
    )
  })
}

async function answer(line: string, store: Store): Promise<AdminResponse> {
  let argv: unknown
  try {
    const parsed: unknown = JSON.parse(line)
    argv = typeof parsed === 'object' && parsed !== null && 'argv' in parsed ? parsed.argv : undefined
  } catch {
    return failure('malformed request')
  }
  if (!Array.isArray(argv) || !argv.every((arg): arg is string => typeof arg === 'string')) {
    return failure('malformed request')
  }
  const lines: AdminOutputLine[] = []
  const code = await runApiKeyCommand(store, argv, {
    log: (text) => lines.push({ stream: 'out', text }),
    error: (text) => lines.push({ stream: 'err', text }),
  })
  return { code, lines }
}

function failure(text: string): AdminResponse {
  return { code: 1, lines: [{ stream: 'err', text }] }
}
