import { createPollLoop } from '../createPollLoop'
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
  return createPollLoop({
    intervalMs: pollIntervalMs,
    onError: (error) => log.warn('trade sync failed', { err: error }),
    async step() {
      const result = await syncTrades(params)
      onSync?.(result)
      if (result.kind === 'reorg') log.warn('chain reorganised: cursor moved back', result)
      if (result.kind === 'retry') log.debug('trade sync retry', { reason: result.reason })
      return result.kind === 'idle' || result.kind === 'retry' ? 'idle' : 'busy'
    },
  })
}
