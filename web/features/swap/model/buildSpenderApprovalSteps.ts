import { type Address, encodeFunctionData, erc20Abi, getAddress } from 'viem'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'

/**
 * The one approval step that lets `spender` (a contract other than the aggregator, which the server's approval
 * routes do not serve: a cross-chain provider's) spend `amount` base units of `tokenAddress`: `approve(spender,
 * amount)` on the token, no value. No reset step: the providers' tokens take a change between two allowances.
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
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [params.spender, params.amount],
      }),
      value: '0',
      amount: params.amount.toString(),
    },
  ]
}
