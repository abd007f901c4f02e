import type { CrossToken } from './CrossToken'

/** What the cross-chain card shows: the form, a deposit trade by its record's id, or a sent trade's progress. */
export type CrossPhase =
  | { kind: 'form' }
  /** A deposit trade, by its record's id: its deposit view until paid, then its progress. */
  | { kind: 'deposit'; id: string }
  | {
      kind: 'progress'
      txHash: string
      from: CrossToken
      to: CrossToken
      /** When the trade was sent, and the taken offer's estimate (`processingTime`, seconds), for the timer. */
      timing: { startedAtMs: number; estimateSec?: number }
      /** Who receives on the destination chain (what a "Finish the swap" link is for), when known. */
      receiver?: string | undefined
    }
