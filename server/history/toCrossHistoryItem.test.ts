import { describe, expect, it } from 'vitest'
import type { CrossTrade } from '../store/crossTrades'
import { toCrossHistoryItem } from './toCrossHistoryItem'

const trade: CrossTrade = {
  id: '00000000-0000-4000-8000-000000000004',
  providerId: 'stargate',
  sourceChainId: 1,
  destinationChainId: 42161,
  originTxHash: `0x${'04'.repeat(32)}`,
  blockNumber: 40,
  blockHash: `0x${'05'.repeat(32)}`,
  blockTimestamp: new Date('2026-01-02T10:00:00.000Z'),
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tokenIn: '0x00000000000000000000000000000000000000c3',
  tokenOut: '0x00000000000000000000000000000000000000d4',
  amountIn: 2_500_000_000n,
  feeAmount: 0n,
  txTo: null,
  gasUsed: 210_000n,
  gasPrice: 1n,
  companyId: null,
  integratorId: null,
  state: 'DELIVERED',
  destinationTxHash: `0x${'44'.repeat(32)}`,
  amountReceived: 2_499_000_000n,
  tokenReceived: '0x00000000000000000000000000000000000000d4',
  receivedDifferentTokens: false,
  refunded: false,
  subStatus: null,
  refundAddress: null,
  paidAt: null,
  quotedAmountIn: null,
  quoteExpiresAt: null,
  createdAt: new Date('2026-01-02T10:00:09.000Z'),
  updatedAt: new Date('2026-01-02T10:05:00.000Z'),
  finishedAt: new Date('2026-01-02T10:05:00.000Z'),
}

describe('toCrossHistoryItem', () => {
  it('reads a delivered send with its provider, both hashes and the amount received', () => {
    expect(toCrossHistoryItem(trade)).toEqual({
      kind: 'cross',
      state: 'delivered',
      id: 'cross:00000000-0000-4000-8000-000000000004',
      fromChainId: 1,
      toChainId: 42161,
      sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      tokenIn: '0x00000000000000000000000000000000000000c3',
      tokenOut: '0x00000000000000000000000000000000000000d4',
      amountIn: '2500000000',
      amountOut: '2499000000',
      tokenReceived: null,
      amountRefunded: null,
      originTxHash: `0x${'04'.repeat(32)}`,
      destinationTxHash: `0x${'44'.repeat(32)}`,
      providerId: 'stargate',
      createdAt: '2026-01-02T10:00:00.000Z',
      finishedAt: '2026-01-02T10:05:00.000Z',
    })
  })

  it('names the other token delivered, and reads a refund as amountRefunded, not output', () => {
    const other = {
      ...trade,
      receivedDifferentTokens: true,
      tokenReceived: '0x00000000000000000000000000000000000000d5',
    }
    expect(toCrossHistoryItem(other)).toMatchObject({
      state: 'deliveredOtherToken',
      amountOut: '2499000000',
      tokenReceived: '0x00000000000000000000000000000000000000d5',
    })
    const refund = {
      ...trade,
      state: 'FAILED',
      refunded: true,
      destinationTxHash: null,
      amountReceived: 2_500_000_000n,
    }
    expect(toCrossHistoryItem(refund)).toMatchObject({
      state: 'refunded',
      amountOut: null,
      amountRefunded: '2500000000',
      destinationTxHash: null,
    })
  })

  it('dates a send info/tx found first (no origin block) by when it was stored; in flight, no output yet', () => {
    const open = { ...trade, blockTimestamp: null, state: 'INFLIGHT', amountReceived: null, finishedAt: null }
    expect(toCrossHistoryItem(open)).toMatchObject({
      state: 'inFlight',
      amountOut: null,
      createdAt: '2026-01-02T10:00:09.000Z',
      finishedAt: null,
    })
    expect(toCrossHistoryItem(open)).not.toHaveProperty('subStatus')
  })

  it('carries COMPOSE_FAILED while the trade is in flight only', () => {
    const stuck = { ...trade, state: 'INFLIGHT', subStatus: 'COMPOSE_FAILED', destinationTxHash: null }
    expect(toCrossHistoryItem(stuck)).toMatchObject({ state: 'inFlight', subStatus: 'COMPOSE_FAILED' })
    expect(toCrossHistoryItem({ ...stuck, state: 'DELIVERED' })).not.toHaveProperty('subStatus')
    expect(toCrossHistoryItem({ ...stuck, subStatus: 'SOMETHING_ELSE' })).not.toHaveProperty('subStatus')
  })
})
