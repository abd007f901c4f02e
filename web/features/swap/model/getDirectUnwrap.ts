import { getAddress, type Hex } from 'viem'
import { getWrapKind } from './getWrapKind'

/**
 * The unwrap a wallet can do itself: a 1:1 unwrap quote (wrapped native -> native, no legs) that keeps no
 * integrator fee (as much out as in) is exactly `withdraw(amount)` on the wrapped token, sent by the holder, who
 * receives the native coin. No approval is needed (nothing is pulled), unlike through the Aggregator.
 * Undefined for a swap, a wrap, or an unwrap that keeps a fee (only the Aggregator takes it). Pure.
 */
export function getDirectUnwrap(quote: {
  transactionData: { call: readonly unknown[] }
  tokenFrom: { contractAddress: string }
  fromTokenAmount: string
  toTokenAmount: string
}): { wrapped: Hex; amount: bigint } | undefined {
  if (getWrapKind(quote) !== 'unwrap') return undefined
  const amount = BigInt(quote.fromTokenAmount)
  if (amount !== BigInt(quote.toTokenAmount) || amount === 0n) return undefined
  return { wrapped: getAddress(quote.tokenFrom.contractAddress), amount }
}
