import { createServer } from 'node:net'

/** Test ports stay below Linux's ephemeral range (32768+), where the kernel picks outgoing ports. */
const FIRST_PORT = 10_000
const PORTS_PER_WORKER = 2_000
const WORKER_RANGES = 11
/** Ports `fetch` refuses to connect to ("bad port" in the Fetch standard's list); 10080 is the one in our ranges. */
const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([10_080])

let nextPort: number | undefined

/**
 * The first of `count` consecutive free TCP ports on 127.0.0.1 for this test file, from the one allocator
 * every test shares. Each vitest worker owns its own range (keyed by `VITEST_POOL_ID`, which vitest sets per
 * worker; a test runner's variable, not the application's configuration), so files running at once never
 * pick the same ports; within the range a port is taken only when a bind to it succeeds now, so ports a
 * previous file's processes still hold, or another checkout's run, are skipped, and so are ports `fetch` will not
 * connect to. Later calls in the same file
 * continue after the ports already handed out. Throws when the range has no such run of free ports.
 */
export async function allocateTestPorts(count: number): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  const rangeStart = FIRST_PORT + ((Math.max(worker, 1) - 1) % WORKER_RANGES) * PORTS_PER_WORKER
  const rangeEnd = rangeStart + PORTS_PER_WORKER
  let base = nextPort ?? rangeStart
  while (base + count <= rangeEnd) {
    const taken = await findTakenPort(base, count)
    if (taken === undefined) {
      nextPort = base + count
      return base
    }
    base = taken + 1
  }
  throw new Error(`no ${count} consecutive free ports in ${rangeStart}-${rangeEnd - 1}`)
}

/** The first port of [base, base + count) that cannot be bound on 127.0.0.1 now, else undefined. */
async function findTakenPort(base: number, count: number): Promise<number | undefined> {
  for (let port = base; port < base + count; port++) {
    if (FETCH_BLOCKED_PORTS.has(port) || !(await canBind(port))) return port
  }
  return undefined
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}
