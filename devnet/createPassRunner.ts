/** Passes of a devnet worker run one at a time, on demand or on an interval. */
export interface PassRunner<Options, Result> {
  /** Runs one pass after any pass still running (passes never overlap); resolves with its result. */
  runOnce(options?: Options): Promise<Result>
  /** Runs passes every `pollIntervalMs` until `stop()`; a failed pass is reported and the next one runs. */
  start(): void
  /** Ends the interval and resolves once the pass under way, if any, has finished. */
  stop(): Promise<void>
}

/**
 * The run loop the devnet's off-chain workers (the LayerZero relayer, the Across filler) share: `pass` does
 * one round of the worker's work; calls of `runOnce` (a test's, the interval's) queue behind each other so two
 * passes never act on the same chain state at once. A failed pass rejects its own `runOnce` and is given to
 * `onError` when the interval ran it; it never stops the passes after it.
 */
export function createPassRunner<Options, Result>(params: {
  pass: (options: Options | undefined) => Promise<Result>
  pollIntervalMs: number
  onError: (error: unknown) => void
}): PassRunner<Options, Result> {
  let running: Promise<unknown> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const runOnce = (options?: Options): Promise<Result> => {
    const next = (running ?? Promise.resolve()).then(() => params.pass(options))
    running = next.catch(() => undefined)
    return next
  }

  const loop = () => {
    if (stopped) return
    runOnce()
      .catch(params.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, params.pollIntervalMs)
      })
  }

  return {
    runOnce,
    start() {
      stopped = false
      loop()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
