import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'

/** One transaction of an approval: send `data` to the token `to` with no value. */
export interface ApprovalStep {
  /** `reset` sets the allowance to 0 first (USDT-style tokens); `approve` sets the wanted amount. */
  kind: 'reset' | 'approve'
  to: Address
  data: Hex
  value: 0n
  /** The allowance this step sets, in token base units. */
  amount: bigint
}

/**
 * Builds the `approve(spender, amount)` transactions that leave `spender` allowed exactly `amount` of
 * `token`. For a token that reverts on a change from one non-zero allowance to another (`requiresReset`,
 * tag `approve-reset`) with a non-zero `currentAllowance` and a non-zero `amount`, an `approve(spender,
 * 0)` reset step comes first. Amounts in base units. Pure.
 */
export function buildApprovalSteps(params: {
  token: Address
  spender: Address
  amount: bigint
  currentAllowance: bigint
  requiresReset: boolean
}): { resetRequired: boolean; steps: ApprovalStep[] } {
  const to = getAddress(params.token)
  const spender = getAddress(params.spender)
  const step = (kind: ApprovalStep['kind'], amount: bigint): ApprovalStep => ({
    kind,
    to,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
    value: 0n,
    amount,
  })
  const resetRequired = params.requiresReset && params.currentAllowance !== 0n && params.amount !== 0n
  const approve = step('approve', params.amount)
  return { resetRequired, steps: resetRequired ? [step('reset', 0n), approve] : [approve] }
}
