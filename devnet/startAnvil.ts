import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { type Hex, isHex } from 'viem'
import { saveChainState } from './saveChainState'
import { type SavedHead, savedHeadPath, writeSavedHead } from './savedHead'

export type StartAnvilParams = {
  chainId: number
  port: number
  host?: string
  loadStatePath?: string
  /** Where the chain's state is saved on `stop()` (atomically, the previous copy kept as `<file>.prev`). */
  dumpStatePath?: string
  /** With `dumpStatePath`: also save every this many seconds, not only on stop. */
  stateIntervalSec?: number
  /** Where a failed save is reported (default: nowhere; the next one tries again). */
  warn?: (message: string) => void
  blockTimeSec?: number
  silent?: boolean
  startTimeoutMs?: number
}

export type AnvilInstance = {
  rpcUrl: string
  process: ChildProcess
  stop: () => Promise<void>
  /** Saves the state to `dumpStatePath` every `intervalSec` from now on (when not already saving). */
  startSaving: (intervalSec: number) => void
}

export class AnvilStartError extends Error {
  override name = 'AnvilStartError'
}

const running = new Set<ChildProcess>()
let exitHooksInstalled = false
/** A dump of a large chain takes well under a second; a frozen anvil must not hold a stop for long. */
const saveTimeoutMs = 20_000
/** A chain whose head has not moved is saved again only every this many periodic saves (anvil_setBalance). */
const unchangedSaveEvery = 12
/**
 * The saves of every chain of this process, one at a time: eight chains dumped at the same instant held each
 * other (and the server) past the save timeout under load, and a failed save is a longer rollback on a crash.
 */
let savesInTurn: Promise<unknown> = Promise.resolve()
const inTurn = <T>(save: () => Promise<T>): Promise<T> => {
  const done = savesInTurn.then(save)
  savesInTurn = done.catch(() => undefined)
  return done
}

/*
 * anvil runs under `sh` which watches its stdin (a pipe from this process). When this process dies for
 * any reason, SIGKILL included, the pipe closes, `read` returns and the shell kills anvil, so no orphan
 * survives the parent. SIGTERM/SIGINT to the shell are forwarded too, and anvil's exit ends the shell, which then
 * removes `$ANVIL_STATES` (anvil's `--cache-path`: the past blocks' states it writes to disk, some hundreds of KB a
 * block, which it leaves behind when stopped; a test run left 7 GB of them a time in ~/.foundry/anvil/tmp).
 */
const WATCHDOG_SCRIPT = [
  'exec 3<&0',
  '"$0" "$@" </dev/null &',
  'child=$!',
  '{ while read -r _ <&3; do :; done; kill -TERM "$child" 2>/dev/null; } &',
  'watcher=$!',
  'trap \'kill -TERM "$child" 2>/dev/null\' TERM INT HUP',
  'wait "$child"',
  'code=$?',
  'while kill -0 "$child" 2>/dev/null; do wait "$child"; code=$?; done',
  'kill "$watcher" 2>/dev/null',
  'rm -rf "$ANVIL_STATES"',
  'exit "$code"',
].join('\n')

/**
 * Resolves the anvil binary shipped by the `@foundry-rs/anvil` npm package (its per-platform optional
 * dependency), never the one on PATH. Throws `AnvilStartError` when the platform package is missing.
 */
export function resolveAnvilBinary(): string {
  const require = createRequire(import.meta.url)
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}/package.json`
  try {
    return path.join(
      path.dirname(require.resolve(pkg)),
      'bin',
      process.platform === 'win32' ? 'anvil.exe' : 'anvil',
    )
  } catch (error: unknown) {
    throw new AnvilStartError(`anvil binary package ${pkg} is not installed`, { cause: error })
  }
}

/**
 * Spawns anvil on `host:port` with `chainId` (optionally loading/dumping state files and mining every
 * `blockTimeSec` seconds), waits until it answers `eth_chainId`, and returns its RPC URL and a `stop()`
 * that terminates it (dumping state when `dumpStatePath` is set). The child is killed when this process
 * exits, is interrupted or crashes, and a watchdog kills it even if this process is SIGKILLed. A chain
 * loaded from a state file mines one block first, so its head carries the current time. Rejects
 * with `AnvilStartError` if anvil exits early or does not answer within `startTimeoutMs` (default 20 s).
 */
export async function startAnvil(params: StartAnvilParams): Promise<AnvilInstance> {
  const { chainId, port, host = '127.0.0.1', silent = true, startTimeoutMs = 20_000 } = params
  installExitHooks()
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', host]
  if (params.loadStatePath !== undefined) args.push('--load-state', params.loadStatePath)
  // The state is saved by this process (anvil_dumpState, then saveChainState), not by anvil's `--dump-state`,
  // which writes the file in place: a kill during that write left a truncated file no anvil could load.
  if (params.blockTimeSec !== undefined) args.push('--block-time', String(params.blockTimeSec))
  if (silent) args.push('--quiet')
  const states = mkdtempSync(path.join(tmpdir(), 'anvil-states-'))
  args.push('--cache-path', states)

  const child = spawn('sh', ['-c', WATCHDOG_SCRIPT, resolveAnvilBinary(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ANVIL_STATES: states },
  })
  running.add(child)
  let outputTail = ''
  const collect = (chunk: Buffer) => {
    outputTail = (outputTail + chunk.toString('utf8')).slice(-4000)
    if (!silent) process.stdout.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child)
      resolve()
    })
  })

  const rpcUrl = `http://${host}:${port}`
  const dumpStatePath = params.dumpStatePath
  /** The head covered by the last save of this run, and the periodic saves skipped since (head unmoved). */
  let lastSaved: SavedHead | undefined
  let skipped = 0
  /**
   * Saves the state in its turn, and records the head read before the dump as covered by it (the dump holds that
   * block, maybe more); `ifMoved` skips a chain whose head has not moved, up to `unchangedSaveEvery` times.
   * A chain that stopped answering makes it fail, not hang.
   */
  const saveState = (file: string, ifMoved: boolean) =>
    inTurn(async () => {
      const head = await readHead(rpcUrl, saveTimeoutMs)
      if (ifMoved && lastSaved?.hash === head.hash && ++skipped < unchangedSaveEvery) return
      skipped = 0
      const bytes = Buffer.from((await dumpAnvilState(rpcUrl, saveTimeoutMs)).slice(2), 'hex')
      await saveChainState(file, bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes)
      await writeSavedHead(savedHeadPath(file), head)
      lastSaved = head
    })
  let timer: NodeJS.Timeout | undefined
  const stop = async () => {
    clearInterval(timer)
    if (child.exitCode === null && child.signalCode === null) {
      if (dumpStatePath !== undefined)
        await saveState(dumpStatePath, false).catch((error: unknown) =>
          params.warn?.(`anvil ${rpcUrl}: saving its state on stop failed (${String(error)})`),
        )
      child.kill('SIGTERM')
      child.stdin?.end()
    }
    await exited
  }

  const deadline = Date.now() + startTimeoutMs
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new AnvilStartError(`anvil exited before answering on ${rpcUrl}: ${outputTail.trim()}`)
    }
    const answered = await fetchChainId(rpcUrl).catch(() => undefined)
    if (answered === chainId) break
    if (answered !== undefined) {
      await stop()
      throw new AnvilStartError(`${rpcUrl} answered chain id ${answered}, expected ${chainId} (port taken?)`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new AnvilStartError(`anvil did not answer on ${rpcUrl} within ${startTimeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  // A loaded state's head keeps the time it was dumped at, which may be hours old, and contracts read the
  // time (DVN signature expiry, swap deadlines) from the head: one block mined now brings it to the clock.
  if (params.loadStatePath !== undefined) {
    try {
      await rpcRequest(rpcUrl, 'evm_mine', [])
    } catch (error: unknown) {
      await stop()
      throw new AnvilStartError(`anvil on ${rpcUrl} could not mine its first block`, { cause: error })
    }
  }
  const startSaving = (intervalSec: number) => {
    if (dumpStatePath === undefined || timer !== undefined) return
    let waiting = false
    timer = setInterval(() => {
      // a save still waiting for its turn is not queued twice
      if (waiting) return
      waiting = true
      saveState(dumpStatePath, true)
        .catch((error: unknown) =>
          params.warn?.(`anvil ${rpcUrl}: saving its state failed (${String(error)}); retrying`),
        )
        .finally(() => {
          waiting = false
        })
    }, intervalSec * 1_000)
    timer.unref()
    child.once('exit', () => clearInterval(timer))
  }
  if (params.stateIntervalSec !== undefined) startSaving(params.stateIntervalSec)
  return { rpcUrl, process: child, stop, startSaving }
}

/**
 * Terminates every anvil started by `startAnvil` in this process and resolves once they have exited.
 */
export async function stopAllAnvils(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
          child.stdin?.end()
        }),
    ),
  )
}

/**
 * Returns anvil's full chain state as the hex blob of `anvil_dumpState` (loadable with `anvil_loadState`
 * or, gzip-decoded, as `--load-state`). Throws on an RPC error.
 */
export async function dumpAnvilState(rpcUrl: string, timeoutMs?: number): Promise<Hex> {
  const result = await rpcRequest(rpcUrl, 'anvil_dumpState', [], timeoutMs)
  if (typeof result !== 'string' || !isHex(result)) throw new Error('anvil_dumpState returned no hex')
  return result
}

async function readHead(rpcUrl: string, timeoutMs: number): Promise<SavedHead> {
  const block = await rpcRequest(rpcUrl, 'eth_getBlockByNumber', ['latest', false], timeoutMs)
  const { number, hash } = (block ?? {}) as { number?: unknown; hash?: unknown }
  if (typeof number !== 'string' || typeof hash !== 'string' || !isHex(hash))
    throw new Error('eth_getBlockByNumber returned no head')
  return { number: BigInt(number), hash }
}

async function fetchChainId(rpcUrl: string): Promise<number> {
  const result = await rpcRequest(rpcUrl, 'eth_chainId', [])
  if (typeof result !== 'string') throw new Error('eth_chainId returned no string')
  return Number.parseInt(result, 16)
}

async function rpcRequest(
  rpcUrl: string,
  method: string,
  params: unknown[],
  timeoutMs?: number,
): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body: unknown = await response.json()
  if (typeof body !== 'object' || body === null) throw new Error(`${method}: malformed response`)
  if ('error' in body) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return 'result' in body ? body.result : undefined
}

function killAllNow() {
  for (const child of running) {
    child.kill('SIGTERM')
    child.stdin?.destroy()
  }
}

function installExitHooks() {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  process.on('exit', killAllNow)
  process.on('uncaughtExceptionMonitor', killAllNow)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const onSignal = () => {
      // An application that handles the signal itself stops its anvils as it shuts down: killing them now
      // would race that shutdown (a supervisor would start them again). The 'exit' hook and each anvil's
      // watchdog still stop whatever it leaves.
      if (process.listenerCount(signal) > 1) return
      // Otherwise keep the default behaviour: exit by the signal.
      killAllNow()
      process.removeListener(signal, onSignal)
      process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}
