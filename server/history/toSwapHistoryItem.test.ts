import { describe, expect, it } from 'vitest'
import type { Trade } from '../store/trades'
import { toSwapHistoryItem } from './toSwapHistoryItem'

const trade: Trade = {
  id: '00000000-0000-4000-8000-000000000001',
  chainId: 10,
  txHash: `0x${'01'.repeat(32)}`,
  logIndex: 3,
  blockNumber: 101,
  blockHash: `0x${'02'.repeat(32)}`,
  blockTimestamp: new Date('2026-01-01T10:00:00.000Z'),
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  tokenIn: '0x0000000000000000000000000000000000000000',
  tokenOut: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  amountIn: 10n ** 18n,
  amountOut: 2n ** 200n,
  feeAmount: 7n,
  integratorId: `0x${'00'.repeat(32)}`,
  companyId: null,
  txFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  txTo: null,
  gasUsed: 150_000n,
  gasPrice: 1n,
  status: 1,
  createdAt: new Date('2026-01-01T10:00:05.000Z'),
}

describe('toSwapHistoryItem', () => {
  it('reads a stored Swapped as delivered, single-chain, exact amounts', () => {
    expect(toSwapHistoryItem(trade)).toEqual({
      kind: 'swap',
      state: 'delivered',
      id: 'swap:00000000-0000-4000-8000-000000000001',
      fromChainId: 10,
      toChainId: 10,
      sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      tokenIn: '0x0000000000000000000000000000000000000000',
      tokenOut: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      amountIn: '1000000000000000000',
      amountOut: '1606938044258990275541962092341162602522202993782792835301376',
      tokenReceived: null,
      amountRefunded: null,
      originTxHash: `0x${'01'.repeat(32)}`,
      destinationTxHash: `0x${'01'.repeat(32)}`,
      providerId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      finishedAt: '2026-01-01T10:00:00.000Z',
    })
  })

  it('reads receipt status 0 as failed, with no output', () => {
    expect(toSwapHistoryItem({ ...trade, status: 0 })).toMatchObject({ state: 'failed', amountOut: null })
  })
})
