import { describe, expect, it } from 'vitest'
import type { AddressHistoryItem } from './api/fetchAddressHistory'
import { btcDeposit } from './btcDepositRecord.testing'
import { mergeHistory } from './mergeHistory'
import type { SwapRecord } from './swapRecord'

const swap: SwapRecord = {
  chainId: 1,
  hash: '0x01',
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  from: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  to: { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC', decimals: 6 },
  amountIn: '1000',
  quotedOut: '2000',
  status: 'success',
  createdAtMs: 20,
}

describe('mergeHistory', () => {
  it('lists swaps and deposit trades together, newest first, up to the limit', () => {
    const older = { ...swap, hash: '0x02' as const, createdAtMs: 5 }
    const deposit = { ...btcDeposit, createdAtMs: 10 }
    expect(mergeHistory({ swaps: [swap, older], deposits: [deposit], limit: 10 })).toEqual([
      { kind: 'swap', record: swap },
      { kind: 'deposit', record: deposit },
      { kind: 'swap', record: older },
    ])
    expect(mergeHistory({ swaps: [swap, older], deposits: [deposit], limit: 2 })).toEqual([
      { kind: 'swap', record: swap },
      { kind: 'deposit', record: deposit },
    ])
  })

  it('deposit trades without any account', () => {
    expect(mergeHistory({ swaps: [], deposits: [btcDeposit], limit: 10 })).toEqual([
      { kind: 'deposit', record: btcDeposit },
    ])
  })

  it("places the server's trades by their time among the browser's records", () => {
    const server: AddressHistoryItem = {
      kind: 'swap',
      state: 'delivered',
      id: 'swap:00000000-0000-4000-8000-000000000002',
      fromChainId: 1,
      toChainId: 1,
      sender: swap.account,
      receiver: swap.account,
      tokenIn: swap.from.address,
      tokenOut: swap.to.address,
      amountIn: '1000',
      amountOut: '1999',
      tokenReceived: null,
      amountRefunded: null,
      originTxHash: `0x${'02'.repeat(32)}`,
      destinationTxHash: `0x${'02'.repeat(32)}`,
      providerId: null,
      // 15 ms after the epoch: between the swap (20) and the deposit (10)
      createdAt: '1970-01-01T00:00:00.015Z',
      finishedAt: '1970-01-01T00:00:00.015Z',
    }
    const deposit = { ...btcDeposit, createdAtMs: 10 }
    expect(mergeHistory({ swaps: [swap], deposits: [deposit], server: [server], limit: 10 })).toEqual([
      { kind: 'swap', record: swap },
      { kind: 'server', record: server },
      { kind: 'deposit', record: deposit },
    ])
  })
})
