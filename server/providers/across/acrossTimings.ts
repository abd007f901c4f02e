/** Seconds a deposit may wait for its fill before it is refunded (well under the SpokePool's 6 h buffer). */
export const FILL_DEADLINE_SEC = 1_800
/** How long a quote may be sent (and the destination swap's deadline after the fill deadline). */
export const QUOTE_TTL_SEC = 600
/** The deposit's quote timestamp lies this far back, so the origin block's clock is never before it. */
export const QUOTE_TIMESTAMP_LAG_SEC = 60
/** The filler's reaction: one poll of its loop. */
export const FILLER_REACTION_SEC = 1
