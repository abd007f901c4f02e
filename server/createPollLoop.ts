/** What one step of a poll loop says: go on at once, or pause for the interval. */
export type PollStepResult = 'busy' | 'idle'

export type PollLoop = {
  /** Runs the next step now: ends the current pause, or skips the one after a step that is running. */
  wake: () => void
  /** Stops polling and resolves when the current step has finished. */
  stop: () => Promise<void>
}

/**
 * Runs `step` back to back while it answers `busy` and every `intervalMs` once it answers `idle`. A step that
 * throws is reported to `onError` and retried after five intervals. `wake` and `stop` end a pause at once.
 */
export function createPollLoop(params: {
  step: () => Promise<PollStepResult>
  intervalMs: number
  onError: (error: unknown) => void
}): PollLoop {
  let stopped = false
  let woken = false
  let endPause: (() => void) | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      endPause = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const loop = (async () => {
    while (!stopped) {
      woken = false
      let pauseMs = 0
      try {
        if ((await params.step()) === 'idle') pauseMs = params.intervalMs
      } catch (error: unknown) {
        params.onError(error)
        pauseMs = params.intervalMs * 5
      }
      if (pauseMs > 0 && !stopped && !woken) await sleep(pauseMs)
      endPause = undefined
    }
  })()
  return {
    wake() {
      woken = true
      endPause?.()
    },
    async stop() {
      stopped = true
      endPause?.()
      await loop
    },
  }
}
