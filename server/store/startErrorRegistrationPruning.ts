import type { Store } from './createStore'
import { deleteErrorRegistrationsBefore } from './errorRegistrations'

export type ErrorRegistrationPruning = {
  /** Deletes every registration older than the retention now; resolves to how many were deleted. */
  runOnce: () => Promise<number>
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>
}

export type StartErrorRegistrationPruningParams = {
  store: Store
  /** Registrations older than this many days are deleted (`REGISTER_ERROR_RETENTION_DAYS`). */
  retentionDays: number
  /** Time between runs (default one hour); the first run starts right away. */
  intervalMs?: number
  now?: () => number
  onError?: (error: unknown) => void
  onPruned?: (deleted: number) => void
}

const dayMs = 86_400_000

/**
 * Prunes `error_registrations` in the background: one run at start, then one every `intervalMs`, each
 * deleting rows created more than `retentionDays` days ago in batches. A failed run is reported to
 * `onError` and retried at the next interval; the timer never keeps the process alive.
 */
export function startErrorRegistrationPruning({
  store,
  retentionDays,
  intervalMs = 3_600_000,
  now = Date.now,
  onError = () => {},
  onPruned = () => {},
}: StartErrorRegistrationPruningParams): ErrorRegistrationPruning {
  const batchSize = 10_000
  let running: Promise<number> | undefined
  const runOnce = () => {
    running ??= (async () => {
      try {
        const before = new Date(now() - retentionDays * dayMs)
        let total = 0
        for (;;) {
          const deleted = await deleteErrorRegistrationsBefore(store.db, { before, batchSize })
          total += deleted
          if (deleted < batchSize) break
        }
        if (total > 0) onPruned(total)
        return total
      } finally {
        running = undefined
      }
    })()
    return running
  }
  const tick = () => {
    runOnce().catch(onError)
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  tick()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running?.catch(() => 0)
    },
  }
}
