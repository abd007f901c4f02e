import { createPollLoop } from '../createPollLoop'
import type { Logger } from '../logger'
import { type SyncTradesParams, type SyncTradesResult, syncTrades } from './syncTrades'

export type WatchTradesParams = SyncTradesParams & {
  logger: Logger
  /** Pause after catching up with the chain (and after an error, times 5). */
  pollIntervalMs?: number
  /** Called after every step (for metrics and tests). */
  onSync?: (result: SyncTradesResult) => void
  /**
   * The chain's head as this process follows it anyway (the pool snapshot's block hash): while it stays where a
   * round found nothing new, the rounds that would read the same head are skipped, no database or node read,
   * but for one in `MAX_SKIPPED_ROUNDS` (a head that stopped moving here still gets checked). Undefined while
   * there is none (the chain's pools still load): no round is skipped.
   */
  head?: () => string | undefined
}

/** Rounds skipped in a row at most while the head stays where a round found nothing new. */
export const MAX_SKIPPED_ROUNDS = 30

export type TradeWatcher = {
  /** Stops polling and resolves when the current step has finished. */
  stop: () => Promise<void>
}

/**
 * Starts the trade watcher of one chain: calls `syncTrades` back to back while it makes progress and
 * every `pollIntervalMs` (default 1 s) once caught up. Errors (RPC down, database busy) are logged and
 * retried after 5 poll intervals; the cursor lives in the database, so a restarted watcher resumes where
 * the last committed step ended. Several processes may watch the same chain: the cursor's
 * compare-and-set lets one commit each range and the others retry. With `head`, an idle watcher waits for the
 * head to move instead of asking the node and the database every round.
 */
export function watchTrades(params: WatchTradesParams): TradeWatcher {
  const { logger, pollIntervalMs = 1_000, onSync } = params
  const log = logger.child({ component: 'trade-watcher', chainId: params.chainId })
  let idleHead: string | undefined
  let skipped = 0
  return createPollLoop({
    intervalMs: pollIntervalMs,
    onError: (error) => log.warn('trade sync failed', { err: error }),
    async step() {
      const head = params.head?.()
      if (head !== undefined && head === idleHead && skipped < MAX_SKIPPED_ROUNDS) {
        skipped++
        return 'idle'
      }
      skipped = 0
      const result = await syncTrades(params)
      idleHead = result.kind === 'idle' ? head : undefined
      onSync?.(result)
      if (result.kind === 'reorg') log.warn('chain reorganised: cursor moved back', result)
      if (result.kind === 'retry') log.debug('trade sync retry', { reason: result.reason })
      return result.kind === 'idle' || result.kind === 'retry' ? 'idle' : 'busy'
    },
  })
}
