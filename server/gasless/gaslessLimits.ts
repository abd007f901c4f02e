import { singleSwapLimits } from '../quotes/singleSwapLimits'

/**
 * The bounds a gasless order obeys, in one place (docs/gasless.md "Limits" and the OpenAPI descriptions quote
 * them).
 *
 * - Deadline: at most one hour ahead, as a single-chain swap (`singleSwapLimits.maxDeadlineSec`): a signature
 *   cancelled off chain stays valid on chain until then, and the relayer retries an open order until then.
 * - Open orders: five pending or processing orders per owner and chain; each order's amount is reserved from the
 *   owner's balance, so one balance never backs more orders than it can fill.
 * - Steps: a single path of at most four pools (each step is budgeted `GASLESS_STEP_GAS`).
 * - Owners who cost the relayer gas they did not pay (a transaction that reverted, or one whose gas was worth
 *   more than its fee) three times within a day are refused new orders for the rest of that day.
 * - Retries: an order whose conditions do not hold yet is tried again after 3 s, doubling per attempt up to
 *   5 minutes, so unfillable orders cost ever less until their deadline.
 */
export const gaslessLimits = {
  maxDeadlineSec: singleSwapLimits.maxDeadlineSec,
  maxOpenOrdersPerOwner: 5,
  maxSteps: 4,
  maxGriefsPerOwner: 3,
  griefWindowMs: 24 * 60 * 60 * 1000,
  retryBaseMs: 3_000,
  retryMaxMs: 5 * 60 * 1000,
} as const
