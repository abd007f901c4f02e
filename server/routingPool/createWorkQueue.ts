/**
 * The routing pool's queue: work goes to the least busy worker with fewer than `perWorker` jobs in flight, or
 * waits, oldest first, for the first worker that has room. So a job waits behind every job queued before it
 * rather than behind those of the one worker it happened to be sent to: at 32 clients on two workers, a worker's
 * own queue of 16 held a few large trades more often than the pool's queue of 32 holds twice as many.
 */
export interface WorkQueue<W> {
  /** Runs `start` on a worker with room, now or once one has one; settles as `start`'s promise does. */
  dispatch<T>(start: (worker: W) => Promise<T>): Promise<T>
  /** Gives `worker` the oldest waiting jobs while it has room: call when one of its jobs ends, or it is new. */
  drain(worker: W): void
  /** Rejects every waiting job with `error`. */
  rejectWaiting(error: unknown): void
  /** Jobs waiting for a worker. */
  readonly waiting: number
}

export function createWorkQueue<W>(params: {
  workers: () => readonly W[]
  /** Jobs `worker` has in flight. */
  inFlight: (worker: W) => number
  perWorker: number
}): WorkQueue<W> {
  const { workers, inFlight, perWorker } = params
  const queue: { run: (worker: W) => void; reject: (error: unknown) => void }[] = []
  const leastBusy = (): W | undefined => {
    let best: W | undefined
    let bestLoad = perWorker
    for (const worker of workers()) {
      const load = inFlight(worker)
      if (load < bestLoad) {
        best = worker
        bestLoad = load
      }
    }
    return best
  }
  return {
    dispatch(start) {
      const worker = queue.length === 0 ? leastBusy() : undefined
      if (worker !== undefined) return start(worker)
      return new Promise((resolve, reject) => {
        queue.push({ run: (next) => start(next).then(resolve, reject), reject })
      })
    },
    drain(worker) {
      while (queue.length > 0 && inFlight(worker) < perWorker) queue.shift()?.run(worker)
    },
    rejectWaiting(error) {
      for (const job of queue.splice(0)) job.reject(error)
    },
    get waiting() {
      return queue.length
    },
  }
}
