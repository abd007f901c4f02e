import { describe, expect, it } from 'vitest'
import { findPendingSwap } from './findPendingSwap'
import type { SwapRecord } from './swapRecord'

const eth = '0x0000000000000000000000000000000000000000'
const usdc = '0xe12C17146d044009fD392dB5DC15897a1A252837'
const record: SwapRecord = {
  chainId: 1,
  hash: '0x01',
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  from: { address: eth, symbol: 'ETH', decimals: 18 },
  to: { address: usdc, symbol: 'USDC', decimals: 6 },
  amountIn: '500',
  quotedOut: '1500',
  status: 'pending',
  createdAtMs: 1,
}
const query = {
  records: [record],
  chainId: 1,
  from: eth,
  to: usdc.toLowerCase(),
  side: 'in' as const,
  amount: 500n,
}

describe('findPendingSwap', () => {
  it('finds the pending swap of the same tokens and amount', () => {
    expect(findPendingSwap(query)).toBe(record)
    expect(findPendingSwap({ ...query, side: 'out', amount: 1500n })).toBe(record)
  })
  it('ignores resolved swaps, approvals, other amounts, tokens and chains', () => {
    expect(findPendingSwap({ ...query, records: [{ ...record, status: 'success' }] })).toBeUndefined()
    expect(findPendingSwap({ ...query, records: [{ ...record, kind: 'approve' }] })).toBeUndefined()
    expect(findPendingSwap({ ...query, amount: 501n })).toBeUndefined()
    expect(findPendingSwap({ ...query, to: eth })).toBeUndefined()
    expect(findPendingSwap({ ...query, chainId: 10 })).toBeUndefined()
    expect(findPendingSwap({ ...query, amount: undefined })).toBeUndefined()
  })
})
