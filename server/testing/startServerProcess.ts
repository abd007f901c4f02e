import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ChainDeployment } from '../chains/deployment'

export interface ServerProcess {
  baseUrl: string
  /** The devnet's deployments, from `/devnet/manifest`. */
  deployments: ChainDeployment[]
  /** What the server printed on stdout and stderr so far (the last 400 000 characters). */
  output(): string
  /** SIGINT, as Ctrl-C: the server saves the chains, stops its workers and anvils, and exits. */
  close(): Promise<void>
  /**
   * A crash of the whole machine as far as the devnet can tell: every process of the server's tree (its anvils,
   * their watchdogs and the supervised workers, which run in process groups of their own) is stopped with
   * SIGSTOP, so none can react, then killed with SIGKILL; resolves once the server process is gone.
   */
  kill(): Promise<void>
}

/**
 * Starts `scripts/start.ts` (what `npm start` runs) in a child process on `port`, devnet mode with the
 * chains from `devnetPortBase` and its data in `dataDir`, silent, without rate limits or the widget demo page,
 * and resolves once it prints "Ready". `env` adds settings (e.g. the relayer's delay). Rejects when the server
 * exits first, with its output.
 */
export async function startServerProcess(params: {
  port: number
  devnetPortBase: number
  dataDir: string
  env?: Record<string, string>
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: String(params.port),
      DEVNET_PORT_BASE: String(params.devnetPortBase),
      DATA_DIR: params.dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE_IP: '0',
      RATE_LIMIT_PER_MINUTE_KEY: '0',
      WIDGET_DEMO_PORT: '0',
      ...params.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-400_000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await waitForReady(child, () => output)
  const baseUrl = `http://127.0.0.1:${params.port}`
  const manifest = (await (await fetch(`${baseUrl}/devnet/manifest`)).json()) as { chains: ChainDeployment[] }
  return {
    baseUrl,
    deployments: manifest.chains,
    output: () => output,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGINT')
      await exited
    },
    async kill() {
      const pid = child.pid
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return
      // stopped first, rescanned, then killed: a process stopped cannot fork or restart a worker meanwhile
      let tree = [pid, ...listDescendants(pid)]
      for (const member of tree) signal(member, 'SIGSTOP')
      tree = [...new Set([...tree, ...listDescendants(pid)])]
      for (const member of tree) signal(member, 'SIGKILL')
      await exited
    },
  }
}

/** Sends `name` to `pid`, ignoring a process that is already gone. */
function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch {
    // exited between the scan and the signal
  }
}

/** Every process under `root` (children, grandchildren, ...), read from /proc (Linux). */
function listDescendants(root: number): number[] {
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after the last ')'
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parentOf.set(pid, ppid)
    } catch {
      // exited while listed
    }
  }
  const found: number[] = []
  let frontier = [root]
  while (frontier.length > 0) {
    const next: number[] = []
    for (const [pid, ppid] of parentOf) if (frontier.includes(ppid)) next.push(pid)
    found.push(...next)
    frontier = next
  }
  return found
}

function waitForReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (output().includes('Ready: ')) {
        child.stdout?.off('data', onData)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${signal ?? `code ${code}`}) before it was ready:\n${output()}`)),
    )
  })
}
