/**
 * How far back `track` scans a chain's logs for a transfer's later events (a fill, a delivery, a refund): one
 * day. Transfers arrive within minutes (an Across fill within its 30-minute deadline, a refund within the
 * SpokePool's 6-hour buffer); a transfer older than this that the store does not hold already is no longer
 * looked for. The window keeps one anonymous `info/tx` from asking a node for logs since the deployment.
 */
export const TRACK_SCAN_WINDOW_SEC = 86_400

/**
 * The first block `track` scans on a chain: `earliestBlock` (the deployment's start, or the origin block),
 * but no further back than `TRACK_SCAN_WINDOW_SEC` of blocks of `blockTimeMs` below `headBlock`. Pure.
 */
export function computeTrackFromBlock(params: {
  earliestBlock: bigint
  headBlock: bigint
  blockTimeMs: number
}): bigint {
  const windowBlocks = BigInt(Math.ceil((TRACK_SCAN_WINDOW_SEC * 1000) / Math.max(1, params.blockTimeMs)))
  const windowStart = params.headBlock - windowBlocks
  return windowStart > params.earliestBlock ? windowStart : params.earliestBlock
}
