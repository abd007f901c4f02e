import { type Address, getAddress, type Hex } from 'viem'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'

/**
 * The one approval step that lets `spender` (a contract other than the aggregator, which the server's approval
 * routes do not serve: a cross-chain provider's) spend `amount` base units of `tokenAddress`: `approve(spender,
 * amount)` on the token, no value. No reset step: the providers' tokens take a change between two allowances.
 * Throws a RangeError for an amount that is no uint256, viem's InvalidAddressError for an address that is none.
 */
export function buildSpenderApprovalSteps(params: {
  tokenAddress: string
  spender: Address
  amount: bigint
}): ApprovalStep[] {
  return [
    {
      kind: 'approve',
      to: getAddress(params.tokenAddress),
      data: encodeApprove(params.spender, params.amount),
      value: '0',
      amount: params.amount.toString(),
    },
  ]
}

// `approve(address,uint256)` by hand: two static words after the selector. viem's encodeFunctionData would bring
// its whole ABI encoder into the swap card's first view for this one call.
function encodeApprove(spender: Address, amount: bigint): Hex {
  if (amount < 0n || amount >= 2n ** 256n) throw new RangeError(`Approval amount ${amount} is not a uint256`)
  const word = (hex: string) => hex.padStart(64, '0')
  return `0x095ea7b3${word(getAddress(spender).slice(2).toLowerCase())}${word(amount.toString(16))}`
}
