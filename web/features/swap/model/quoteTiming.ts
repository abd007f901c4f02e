/**
 * True once the quote must no longer be executed: at or after its `quoteDeadline` (unix seconds) minus
 * `marginSec` (time the wallet confirmation and mining need). `nowMs` is the clock, passed in so the rule is
 * testable.
 */
export function isQuoteExpired(params: {
  quoteDeadlineSec: number
  nowMs: number
  marginSec?: number
}): boolean {
  return params.nowMs >= (params.quoteDeadlineSec - (params.marginSec ?? 0)) * 1000
}

/**
 * Whole seconds until the next automatic refresh of a quote fetched at `updatedAtMs` and refreshed every
 * `intervalMs`, rounded up and clamped to 0..interval; what the countdown shows.
 */
export function getRefreshSecondsLeft(params: {
  updatedAtMs: number
  intervalMs: number
  nowMs: number
}): number {
  const leftMs = params.updatedAtMs + params.intervalMs - params.nowMs
  return Math.min(Math.ceil(params.intervalMs / 1000), Math.max(0, Math.ceil(leftMs / 1000)))
}
