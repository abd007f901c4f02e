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
 * - Confirmations: a mined order is rechecked against the chain (its receipt in a canonical block) until its block
 *   has 12 blocks on the chain (itself included), about 2.4 minutes on Ethereum; then it is final. The devnet
 *   uses 3 blocks, or 30 s after its receipt (its automining chains make no block while idle, and a crash
 *   rolls them back at most the 5 s between two state saves).
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
  confirmations: 12,
  devnetConfirmations: 3,
  devnetFinalAfterMs: 30_000,
} as const
