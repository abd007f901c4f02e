import { describe, expect, it } from 'vitest'
import type { AddressHistoryItem } from './api/fetchAddressHistory'
import { applyServerHistory } from './applyServerHistory'
import type { SwapRecord } from './swapRecord'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const

const local: SwapRecord = {
  chainId: 1,
  hash: hash(0xab),
  kind: 'cross',
  toChainId: 42161,
  account,
  from: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  to: { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC', decimals: 6 },
  amountIn: '1000000000000000000',
  quotedOut: '2000000000',
  status: 'pending',
  createdAtMs: 1_767_348_000_500,
}

const item: AddressHistoryItem = {
  kind: 'cross',
  state: 'delivered',
  id: 'cross:00000000-0000-4000-8000-000000000004',
  fromChainId: 1,
  toChainId: 42161,
  sender: account,
  receiver: account,
  tokenIn: '0x0000000000000000000000000000000000000000',
  tokenOut: '0x60921cC29694984e5bA144631377803f57c366A3',
  amountIn: '1000000000000000000',
  amountOut: '1999000000',
  tokenReceived: null,
  amountRefunded: null,
  // the server stores hashes lower-case; this browser may hold them as the wallet gave them
  originTxHash: hash(0xab),
  destinationTxHash: hash(0xcd),
  providerId: 'stargate',
  createdAt: '2026-01-02T10:00:00.000Z',
  finishedAt: '2026-01-02T10:05:00.000Z',
}

describe('applyServerHistory', () => {
  it("gives a local record the server's state and received amount, keeping its own symbols, quote and time", () => {
    const upper = { ...local, hash: `0x${'00'.repeat(31)}AB` as const }
    expect(applyServerHistory({ records: [upper], items: [item] })).toEqual({
      records: [{ ...upper, status: 'success', received: '1999000000' }],
      serverOnly: [],
    })
  })

  it('lists what only the server knows apart (a second browser), and leaves gasless orders to their own list', () => {
    const other: AddressHistoryItem = {
      ...item,
      id: 'swap:00000000-0000-4000-8000-000000000002',
      kind: 'swap',
      originTxHash: hash(2),
    }
    const gasless: AddressHistoryItem = {
      ...item,
      id: 'gasless:00000000-0000-4000-8000-000000000007',
      kind: 'gasless',
      originTxHash: hash(7),
    }
    expect(applyServerHistory({ records: [], items: [other, gasless] })).toEqual({
      records: [],
      serverOnly: [other],
    })
  })

  it.each([
    ['inFlight', {}, { status: 'pending' }],
    [
      'refunded',
      { amountOut: null, amountRefunded: '1000000000000000000' },
      { status: 'failed', refunded: '1000000000000000000' },
    ],
    ['failed', { amountOut: null }, { status: 'failed' }],
    ['expired', { amountOut: null }, { status: 'failed' }],
    // another token arrived: its amount is not in the record's `to` decimals, so it goes apart with its token
    [
      'deliveredOtherToken',
      { tokenReceived: '0x00000000000000000000000000000000000000d5', amountOut: '24980000' },
      {
        status: 'success',
        receivedOther: {
          token: '0x00000000000000000000000000000000000000d5',
          amount: '24980000',
          receiver: account,
        },
      },
    ],
  ] as const)('reads the server state %s onto the record', (state, change, expected) => {
    const { records } = applyServerHistory({ records: [local], items: [{ ...item, ...change, state }] })
    expect(records).toStrictEqual([{ ...local, ...expected }])
  })

  it('keeps records the server does not know (approvals, trades not indexed yet) as they are', () => {
    const approval = { ...local, hash: hash(0xee), kind: 'approve' as const }
    expect(applyServerHistory({ records: [approval, local], items: [] })).toEqual({
      records: [approval, local],
      serverOnly: [],
    })
  })
})
