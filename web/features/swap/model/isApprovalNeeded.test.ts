import { describe, expect, it } from 'vitest'
import { isApprovalNeeded } from './isApprovalNeeded'

describe('isApprovalNeeded', () => {
  it.each([
    { isNative: true, allowance: 0n, requiredAmount: 10n, expected: false },
    { isNative: true, allowance: undefined, requiredAmount: undefined, expected: false },
    { isNative: false, allowance: 10n, requiredAmount: 10n, expected: false },
    { isNative: false, allowance: 9n, requiredAmount: 10n, expected: true },
    { isNative: false, allowance: 0n, requiredAmount: 1n, expected: true },
    { isNative: false, allowance: undefined, requiredAmount: 10n, expected: undefined },
    { isNative: false, allowance: 10n, requiredAmount: undefined, expected: undefined },
  ])('native $isNative, allowance $allowance of $requiredAmount -> $expected', (row) => {
    expect(isApprovalNeeded(row)).toBe(row.expected)
  })
})
