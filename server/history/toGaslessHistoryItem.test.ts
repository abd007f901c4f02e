import { describe, expect, it } from 'vitest'
import type { GaslessOrderRow } from '../store/gaslessOrders'
import { toGaslessHistoryItem } from './toGaslessHistoryItem'

const order: GaslessOrderRow = {
  id: '00000000-0000-4000-8000-000000000007',
  chainId: 10,
  owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  srcToken: '0x00000000000000000000000000000000000000c3',
  dstToken: '0x0000000000000000000000000000000000000000',
  amountIn: 1_000_000n,
  fee: 10n,
  amountOutMin: 900n,
  deadline: 1_900_000_000,
  tradeHash: `0x${'ab'.repeat(32)}`,
  nonce: 7n,
  signature: '0x01',
  steps: [],
  tokenPermit: null,
  status: 'completed',
  failureMsg: null,
  attempts: 1,
  nextAttemptAt: new Date('2026-01-05T10:00:00.000Z'),
  claimedBy: null,
  leaseUntil: null,
  relayer: '0x0000000000000000000000000000000000000abc',
  txNonce: 3,
  signedTx: '0x02',
  txHash: `0x${'07'.repeat(32)}`,
  quotedAmountOut: 987_654_321_000_000_001n,
  amountOut: 987_654_321_000_000_000n,
  feeTaken: 10n,
  gasCostWei: null,
  gasCostInSrc: null,
  createdAt: new Date('2026-01-05T10:00:00.123Z'),
  canceledAt: null,
  completedAt: new Date('2026-01-05T10:00:12.000Z'),
  failedAt: null,
  minedBlockNumber: 70,
  minedBlockHash: `0x${'70'.repeat(32)}`,
  finalAt: null,
}

describe('toGaslessHistoryItem', () => {
  it("reads a completed order: the owner's trade, the relayer's transaction, the mined output", () => {
    expect(toGaslessHistoryItem(order)).toEqual({
      kind: 'gasless',
      state: 'delivered',
      id: 'gasless:00000000-0000-4000-8000-000000000007',
      fromChainId: 10,
      toChainId: 10,
      sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      tokenIn: '0x00000000000000000000000000000000000000c3',
      tokenOut: '0x0000000000000000000000000000000000000000',
      amountIn: '1000000',
      amountOut: '987654321000000000',
      tokenReceived: null,
      amountRefunded: null,
      originTxHash: `0x${'07'.repeat(32)}`,
      destinationTxHash: `0x${'07'.repeat(32)}`,
      providerId: null,
      createdAt: '2026-01-05T10:00:00.123Z',
      finishedAt: '2026-01-05T10:00:12.000Z',
    })
  })

  it('gives an order in flight its transaction but no output or destination yet', () => {
    const inFlight = { ...order, status: 'processing', amountOut: null, completedAt: null }
    expect(toGaslessHistoryItem(inFlight)).toMatchObject({
      state: 'inFlight',
      amountOut: null,
      originTxHash: `0x${'07'.repeat(32)}`,
      destinationTxHash: null,
      finishedAt: null,
    })
  })

  it('finishes a cancelled order when it was cancelled, with no transaction', () => {
    const cancelled = {
      ...order,
      status: 'cancelled',
      txHash: null,
      amountOut: null,
      completedAt: null,
      canceledAt: new Date('2026-01-05T10:01:00.000Z'),
    }
    expect(toGaslessHistoryItem(cancelled)).toMatchObject({
      state: 'expired',
      originTxHash: null,
      destinationTxHash: null,
      finishedAt: '2026-01-05T10:01:00.000Z',
    })
  })
})
