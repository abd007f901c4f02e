import { describe, expect, it } from 'vitest'
import { getApprovalSteps } from './getApprovalSteps'

describe('getApprovalSteps', () => {
  it.each([
    { isNative: true, allowance: 0n, requiredAmount: 10n, requiresReset: false, expected: [] },
    { isNative: false, allowance: 10n, requiredAmount: 10n, requiresReset: true, expected: [] },
    { isNative: false, allowance: 9n, requiredAmount: 10n, requiresReset: false, expected: ['approve'] },
    { isNative: false, allowance: 0n, requiredAmount: 10n, requiresReset: true, expected: ['approve'] },
    {
      isNative: false,
      allowance: 9n,
      requiredAmount: 10n,
      requiresReset: true,
      expected: ['reset', 'approve'],
    },
  ])('allowance $allowance of $requiredAmount (reset $requiresReset) -> $expected', (row) => {
    expect(getApprovalSteps(row)).toEqual(row.expected)
  })
})
