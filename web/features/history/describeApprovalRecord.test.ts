import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeApprovalRecord } from './describeApprovalRecord'
import type { SwapRecord } from './swapRecord'

const usdt = { address: '0xdF15018bDbdDEA9307Adb6861aFd7aB8ec164b0E', symbol: 'USDT', decimals: 6 } as const
const record: SwapRecord = {
  chainId: 1,
  hash: '0x01',
  kind: 'approve',
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  from: usdt,
  to: usdt,
  amountIn: '40000000',
  quotedOut: '40000000',
  status: 'success',
  createdAtMs: 1,
}

describe('describeApprovalRecord', () => {
  it('states the approved amount', () => {
    expect(describeApprovalRecord(record, 'en-US')).toBe('Approve 40 USDT')
    expect(describeApprovalRecord({ ...record, amountIn: maxUint256.toString() }, 'en-US')).toBe(
      'Approve unlimited USDT',
    )
  })
  it('states a reset', () => {
    expect(describeApprovalRecord({ ...record, kind: 'reset', amountIn: '0' })).toBe(
      'Reset USDT approval to 0',
    )
  })
  it('is undefined for swaps, with or without a kind', () => {
    expect(describeApprovalRecord({ ...record, kind: 'swap' })).toBeUndefined()
    const { kind: _kind, ...legacy } = record
    expect(describeApprovalRecord(legacy)).toBeUndefined()
  })
})
