import { describe, expect, it } from 'vitest'
import type { AddressHistoryItem } from './api/fetchAddressHistory'
import { joinHistoryPages } from './joinHistoryPages'

const item = (n: number): AddressHistoryItem => ({
  kind: 'swap',
  state: 'delivered',
  id: `swap:${n}`,
  fromChainId: 1,
  toChainId: 1,
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tokenIn: '0x0000000000000000000000000000000000000000',
  tokenOut: '0x60921cC29694984e5bA144631377803f57c366A3',
  amountIn: '1',
  amountOut: '2',
  tokenReceived: null,
  amountRefunded: null,
  originTxHash: `0x${String(n).padStart(64, '0')}`,
  destinationTxHash: `0x${String(n).padStart(64, '0')}`,
  providerId: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: '2026-01-01T10:00:00.000Z',
})

describe('joinHistoryPages', () => {
  it('one page of rows before any page is loaded, and with the first', () => {
    expect(joinHistoryPages(undefined, 20)).toEqual({ items: [], shownLimit: 20 })
    expect(joinHistoryPages([{ items: [item(1), item(2)] }], 2)).toEqual({
      items: [item(1), item(2)],
      shownLimit: 2,
    })
  })

  it('each loaded page adds its items in order and one more page of rows', () => {
    expect(joinHistoryPages([{ items: [item(1), item(2)] }, { items: [item(3)] }], 2)).toEqual({
      items: [item(1), item(2), item(3)],
      shownLimit: 4,
    })
  })
})
