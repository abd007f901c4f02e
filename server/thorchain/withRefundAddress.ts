import { MemoError } from './parseSwapMemo'

/**
 * A swap memo with `/<refundAddress>` after its destination (THORNode's custom refund address, the
 * `DEST/REFUND` form), as LiquidityEntry writes it on chain: the network then refunds there instead of to the
 * inbound transaction's sender, which is not the user when a contract wallet or a relayer sends it. The
 * address is written as given. Pure; throws MemoError for a memo with fewer than three parts or with a refund
 * address already.
 */
export function withRefundAddress(memo: string, refundAddress: string): string {
  const parts = memo.split(':')
  const destination = parts[2]
  if (destination === undefined) throw new MemoError('missing destination address')
  if (destination.includes('/')) throw new MemoError('the memo has a refund address already')
  parts[2] = `${destination}/${refundAddress}`
  return parts.join(':')
}
