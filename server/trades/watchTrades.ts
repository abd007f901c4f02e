import type { Logger } from '../logger'
import { type SyncTradesParams, type SyncTradesResult, syncTrades } from './syncTrades'

export type WatchTradesParams = SyncTradesParams & {
  logger: Logger
  /** Pause after catching up with the chain (and after an error, times 5). */
  pollIntervalMs?: number
  /** Called after every step (for metrics and tests). */
  onSync?: (result: SyncTradesResult) => void
}

export type TradeWatcher = {
  /** Stops polling and resolves when the current step has finished. */
  stop: () => Promise<void>
}

/**
 * Starts the trade watcher of one chain: calls `syncTrades` back to back while it makes progress and
 * every `pollIntervalMs` (default 1 s) once caught up. Errors (RPC down, database busy) are logged and
 * retried after 5 poll intervals; the cursor lives in the database, so a restarted watcher resumes where
 * the last committed step ended. Several processes may watch the same chain: the cursor's
 * compare-and-set lets one commit each range and the others retry.
 */
export function watchTrades(params: WatchTradesParams): TradeWatcher {
  const { logger, pollIntervalMs = 1_000, onSync } = params
  const log = logger.child({ component: 'trade-watcher', chainId: params.chainId })
  let stopped = false
  let wake: (() => void) | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const loop = (async () => {
    while (!stopped) {
      let pauseMs = 0
      try {
        const result = await syncTrades(params)
        onSync?.(result)
        if (result.kind === 'reorg') log.warn('chain reorganised: cursor moved back', result)
        if (result.kind === 'retry') log.debug('trade sync retry', { reason: result.reason })
        if (result.kind === 'idle' || result.kind === 'retry') pauseMs = pollIntervalMs
      } catch (error: unknown) {
        log.warn('trade sync failed', { err: error })
        pauseMs = pollIntervalMs * 5
      }
      if (pauseMs > 0 && !stopped) await sleep(pauseMs)
    }
  })()

  return {
    async stop() {
      stopped = true
      wake?.()
      await loop
    },
  }
}
