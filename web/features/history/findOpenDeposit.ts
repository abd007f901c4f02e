import type { DepositRecord } from './depositRecord'

/** How long after its expiry an unpaid deposit still reopens on its own (a payment may just have been sent). */
export const openDepositGraceSec = 3_600

/**
 * The deposit trade of this chain pair the cross-chain card reopens after a reload: the newest one not closed
 * with "Back" that is either paid and still in flight, or unpaid and not expired for more than
 * `openDepositGraceSec`. Pure.
 */
export function findOpenDeposit(params: {
  records: readonly DepositRecord[]
  chainId: number
  toChainId: number
  nowSec: number
}): DepositRecord | undefined {
  const { records, chainId, toChainId, nowSec } = params
  return records.find(
    (r) =>
      r.chainId === chainId &&
      r.toChainId === toChainId &&
      r.dismissed !== true &&
      (r.status === 'pending' || (r.status === 'awaiting' && r.expiresAt + openDepositGraceSec > nowSec)),
  )
}
