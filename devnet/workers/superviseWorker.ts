import { type ChildProcess, fork } from 'node:child_process'

/** A supervised worker process: started again when it exits, until `stop`. */
export interface SupervisedWorker<Ready> {
  /** What the worker reported when it first became ready. */
  readonly ready: Ready
  /** The running process (a restarted worker replaces it). */
  process(): ChildProcess
  /** How many times the worker was started again after exiting. */
  restarts(): number
  /** Resolves with the worker's next ready report (after a restart). */
  nextReady(): Promise<Ready>
  /** Stops the worker (SIGTERM, SIGKILL after `killAfterMs`) and no longer restarts it. Idempotent. */
  stop(): Promise<void>
}

export interface SuperviseWorkerParams {
  name: string
  /** The worker's entry module (TypeScript, run with tsx). */
  entry: string
  /** The worker's parameters, handed over as JSON in its first argument. */
  params: unknown
  log?: (message: string) => void
  /** How long a start may take before it counts as failed. Default 60 s. */
  startTimeoutMs?: number
  killAfterMs?: number
  restartDelayMs?: number
}

/** The message a worker sends over IPC once it serves: `{ type: 'ready', ready }`. */
export interface WorkerReadyMessage<Ready> {
  type: 'ready'
  ready: Ready
}

function isReadyMessage<Ready>(message: unknown): message is WorkerReadyMessage<Ready> {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === 'ready'
}

/**
 * Runs `entry` as a child process (Node with tsx, an IPC channel, its parameters as JSON in argv) and keeps it
 * running: when it exits for any reason but `stop`, it is started again after `restartDelayMs` with the same
 * parameters, so a worker that keeps its state in the data dir resumes where it was. Resolves once the first
 * start reports ready; rejects (after killing it) when that first start exits or times out.
 */
export async function superviseWorker<Ready>(
  params: SuperviseWorkerParams,
): Promise<SupervisedWorker<Ready>> {
  const log = params.log ?? (() => undefined)
  const killAfterMs = params.killAfterMs ?? 5_000
  const restartDelayMs = params.restartDelayMs ?? 1_000
  let stopping = false
  let restarts = 0
  let child: ChildProcess
  let waiters: ((ready: Ready) => void)[] = []

  const spawn = () =>
    fork(params.entry, [JSON.stringify(params.params)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // its own process group: a terminal's Ctrl-C reaches the server, which stops the worker itself (a
      // worker whose server dies sees its IPC channel close and stops too)
      detached: true,
    })

  const watch = (proc: ChildProcess) => {
    proc.on('message', (message: unknown) => {
      if (!isReadyMessage<Ready>(message)) return
      const pending = waiters
      waiters = []
      for (const resolve of pending) resolve(message.ready)
    })
    proc.once('exit', (code, signal) => {
      if (stopping) return
      log(`${params.name} exited (${signal ?? `code ${code}`}); starting it again`)
      const timer = setTimeout(() => {
        if (stopping) return
        restarts++
        child = spawn()
        watch(child)
      }, restartDelayMs)
      timer.unref()
    })
  }

  child = spawn()
  const first = child
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => {
      first.kill('SIGKILL')
      reject(new Error(`${params.name} did not start within ${params.startTimeoutMs ?? 60_000} ms`))
    }, params.startTimeoutMs ?? 60_000)
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer)
      reject(new Error(`${params.name} exited while starting (${signal ?? `code ${code}`})`))
    }
    first.once('exit', onExit)
    first.on('message', (message: unknown) => {
      if (!isReadyMessage<Ready>(message)) return
      clearTimeout(timer)
      first.off('exit', onExit)
      resolve(message.ready)
    })
  })
  watch(first)
  log(`${params.name} is ready`)

  let stopped: Promise<void> | undefined
  return {
    ready,
    process: () => child,
    restarts: () => restarts,
    nextReady: () => new Promise<Ready>((resolve) => waiters.push(resolve)),
    stop() {
      stopping = true
      stopped ??= new Promise<void>((resolve) => {
        const proc = child
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve()
        const timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs)
        proc.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        proc.kill('SIGTERM')
      })
      return stopped
    },
  }
}
