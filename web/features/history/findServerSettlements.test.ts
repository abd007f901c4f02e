import { describe, expect, it } from 'vitest'
import { findServerSettlements } from './findServerSettlements'
import type { SwapRecord } from './swapRecord'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const record = (n: number, status: SwapRecord['status']): SwapRecord => ({
  chainId: 1,
  hash: hash(n),
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  from: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  to: { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC', decimals: 6 },
  amountIn: '20000000000000000',
  quotedOut: '59819642',
  status,
  createdAtMs: 1_767_348_000_000 + n,
})

describe('findServerSettlements', () => {
  it('stores what the server settled of a pending record, with its amounts, and nothing else', () => {
    const local = [record(1, 'pending'), record(2, 'pending'), record(3, 'success'), record(4, 'pending')]
    const joined = [
      { ...record(1, 'success'), received: '59819650' },
      record(2, 'pending'),
      { ...record(3, 'failed') },
      { ...record(4, 'failed'), refunded: '20000000000000000' },
    ]
    expect(findServerSettlements({ local, joined })).toEqual([
      { chainId: 1, hash: hash(1), status: 'success', received: '59819650' },
      { chainId: 1, hash: hash(4), status: 'failed', refunded: '20000000000000000' },
    ])
  })

  it('finds nothing once the updates are stored', () => {
    const joined = [{ ...record(1, 'success'), received: '59819650' }]
    expect(findServerSettlements({ local: joined, joined })).toEqual([])
  })
})
