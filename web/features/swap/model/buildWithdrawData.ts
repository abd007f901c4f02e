import type { Hex } from 'viem'

/**
 * The calldata of `withdraw(uint256 amount)` on a wrapped native token (WETH9's unwrap), `amount` in base units.
 * Encoded by hand, one static word after the selector, so the swap card needs no ABI encoder before a swap is
 * sent. Throws a RangeError for an amount that is no uint256.
 */
export function buildWithdrawData(amount: bigint): Hex {
  if (amount < 0n || amount >= 2n ** 256n) throw new RangeError(`Withdraw amount ${amount} is not a uint256`)
  return `0x2e1a7d4d${amount.toString(16).padStart(64, '0')}`
}
