import type { CrossPhase } from './CrossPhase'
import type { CrossToken } from './CrossToken'

/** A trade the card follows to arrival, and the record its outcome settles. */
export interface CrossProgressView {
  txHash: string
  from: CrossToken
  to: CrossToken
  timing: { startedAtMs: number; estimateSec?: number }
  /** Who receives on the destination chain, when known (not for a trade picked up after a reload). */
  receiver?: string
  settles: { kind: 'trade'; hash: string } | { kind: 'deposit'; id: string }
}

/**
 * The trade the card follows, if any: the one just sent; the deposit shown once it is paid (timed from its
 * payment); or, on the form, a trade of this pair still pending from before a reload (`pending`). Undefined:
 * the card shows the form or the unpaid deposit.
 */
export function getCrossProgressView(params: {
  phase: CrossPhase
  deposit:
    | {
        id: string
        txHash?: string | undefined
        from: CrossToken
        to: CrossToken
        paidAtMs?: number | undefined
        createdAtMs: number
        processingTime?: number | undefined
        receiver?: string | undefined
      }
    | undefined
  pending: { hash: string; from: CrossToken; to: CrossToken; createdAtMs: number } | undefined
}): CrossProgressView | undefined {
  const { phase, deposit, pending } = params
  if (phase.kind === 'progress') {
    const { txHash, from, to, timing, receiver } = phase
    return {
      txHash,
      from,
      to,
      timing,
      ...(receiver === undefined ? {} : { receiver }),
      settles: { kind: 'trade', hash: txHash },
    }
  }
  if (deposit !== undefined && deposit.txHash !== undefined)
    return {
      txHash: deposit.txHash,
      from: deposit.from,
      to: deposit.to,
      timing: {
        startedAtMs: deposit.paidAtMs ?? deposit.createdAtMs,
        ...(deposit.processingTime === undefined ? {} : { estimateSec: deposit.processingTime }),
      },
      ...(deposit.receiver === undefined ? {} : { receiver: deposit.receiver }),
      settles: { kind: 'deposit', id: deposit.id },
    }
  if (phase.kind === 'form' && pending !== undefined)
    return {
      txHash: pending.hash,
      from: pending.from,
      to: pending.to,
      timing: { startedAtMs: pending.createdAtMs },
      settles: { kind: 'trade', hash: pending.hash },
    }
  return undefined
}
