import { isAddressEqual } from 'viem'
import type { SwapRecord } from './swapRecord'

/**
 * The account's pending swap on `chainId` that is the trade now on the form: same tokens and the same typed
 * amount (`amountIn` for exact input, the quoted output for exact output). A reload during a pending swap
 * restores the form from the link, and this is what keeps the app from offering that swap again as new.
 */
export function findPendingSwap(params: {
  records: readonly SwapRecord[]
  chainId: number
  from: string | undefined
  to: string | undefined
  side: 'in' | 'out'
  amount: bigint | undefined
}): SwapRecord | undefined {
  const { records, chainId, from, to, side, amount } = params
  if (from === undefined || to === undefined || amount === undefined) return undefined
  return records.find(
    (record) =>
      record.status === 'pending' &&
      (record.kind === undefined || record.kind === 'swap') &&
      record.chainId === chainId &&
      isAddressEqual(record.from.address, from as `0x${string}`) &&
      isAddressEqual(record.to.address, to as `0x${string}`) &&
      BigInt(side === 'in' ? record.amountIn : record.quotedOut) === amount,
  )
}
