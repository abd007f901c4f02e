/**
 * True when selling `requiredAmount` base units needs an approval first: never for the native coin, otherwise
 * when the aggregator's current `allowance` does not cover it. Undefined (no verdict) while either amount is
 * unknown.
 */
export function isApprovalNeeded(params: {
  isNative: boolean
  allowance: bigint | undefined
  requiredAmount: bigint | undefined
}): boolean | undefined {
  if (params.isNative) return false
  if (params.allowance === undefined || params.requiredAmount === undefined) return undefined
  return params.allowance < params.requiredAmount
}
