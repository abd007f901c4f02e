import { decodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildApprovalSteps } from './buildApprovalSteps'

const token = '0xdac17f958d2ee523a2206206994597c13d831ec7'
const spender = '0x1111111111111111111111111111111111111111'

function decode(data: `0x${string}`) {
  const call = decodeFunctionData({ abi: erc20Abi, data })
  return [call.functionName, ...(call.args ?? [])]
}

describe('buildApprovalSteps', () => {
  it.each([
    { requiresReset: false, currentAllowance: 0n, amount: 5n, kinds: ['approve'], reset: false },
    { requiresReset: false, currentAllowance: 7n, amount: 5n, kinds: ['approve'], reset: false },
    { requiresReset: true, currentAllowance: 0n, amount: 5n, kinds: ['approve'], reset: false },
    { requiresReset: true, currentAllowance: 1n, amount: 5n, kinds: ['reset', 'approve'], reset: true },
    { requiresReset: true, currentAllowance: 5n, amount: 5n, kinds: ['reset', 'approve'], reset: true },
    { requiresReset: true, currentAllowance: 9n, amount: 0n, kinds: ['approve'], reset: false },
    {
      requiresReset: true,
      currentAllowance: maxUint256,
      amount: maxUint256,
      kinds: ['reset', 'approve'],
      reset: true,
    },
  ])('reset $requiresReset, allowance $currentAllowance -> $amount: $kinds', (row) => {
    const result = buildApprovalSteps({ token, spender, ...row })
    expect(result.resetRequired).toBe(row.reset)
    expect(result.steps.map((s) => s.kind)).toEqual(row.kinds)
    const last = result.steps.at(-1)
    expect(last?.amount).toBe(row.amount)
    expect(decode(last?.data ?? '0x')).toEqual([
      'approve',
      '0x1111111111111111111111111111111111111111',
      row.amount,
    ])
  })

  it('encodes approve(spender, 0) for the reset step, to the checksummed token, without value', () => {
    const { steps } = buildApprovalSteps({
      token,
      spender,
      amount: 10n,
      currentAllowance: 3n,
      requiresReset: true,
    })
    expect(steps[0]).toEqual({
      kind: 'reset',
      to: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      data:
        '0x095ea7b3' +
        '0000000000000000000000001111111111111111111111111111111111111111' +
        '0000000000000000000000000000000000000000000000000000000000000000',
      value: 0n,
      amount: 0n,
    })
    expect(steps[1]?.data).toBe(
      '0x095ea7b3' +
        '0000000000000000000000001111111111111111111111111111111111111111' +
        '000000000000000000000000000000000000000000000000000000000000000a',
    )
  })
})
