import { maxUint256 } from 'viem'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import type { SwapRecord } from './swapRecord'

/**
 * The history line of an approval record: "Approve 40 USDT", "Approve unlimited USDT" (the maximum uint256) or
 * "Reset USDT approval to 0"; undefined for a swap record.
 */
export function describeApprovalRecord(record: SwapRecord, locale?: string): string | undefined {
  if (record.kind === 'reset') return `Reset ${record.from.symbol} approval to 0`
  if (record.kind !== 'approve') return undefined
  const amount = BigInt(record.amountIn)
  const shown =
    amount === maxUint256
      ? 'unlimited'
      : formatTokenAmount({ amount, decimals: record.from.decimals, locale, roundingMode: 'ceil' })
  return `Approve ${shown} ${record.from.symbol}`
}
