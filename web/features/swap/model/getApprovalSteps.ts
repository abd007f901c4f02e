export type ApprovalStep = 'reset' | 'approve'

/**
 * The approval transactions needed before a swap spending `requiredAmount` base units: none for the native coin
 * or when `allowance` already covers it; `approve` otherwise, preceded by `reset` (approve 0) for USDT-style
 * tokens (`requiresReset`) that revert when an allowance is changed from one non-zero value to another.
 */
export function getApprovalSteps(params: {
  isNative: boolean
  allowance: bigint
  requiredAmount: bigint
  requiresReset: boolean
}): ApprovalStep[] {
  if (params.isNative || params.allowance >= params.requiredAmount) return []
  return params.requiresReset && params.allowance > 0n ? ['reset', 'approve'] : ['approve']
}
