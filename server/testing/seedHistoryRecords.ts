import { sql } from 'drizzle-orm'
import type { Db } from '../store/db'
import { crossTrades, gaslessOrders, trades } from '../store/schema'

/** The account whose history `seedHistoryRecords` stores (checksummed, as the watchers store addresses). */
export const historyAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const historyOther = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const third = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
/** A Bitcoin receiver of one of the account's cross-chain sends. */
export const historyBtcReceiver = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
export const historyUuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
export const historyHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const token = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

/**
 * Test support: stores a fixed history. For `historyAccount`, newest first: gasless order 7 (completed, created
 * at a time with microseconds), cross send 5 (refunded, to a Bitcoin receiver), gasless order 6 (cancelled),
 * cross send 4 and swap 2 (the same millisecond, so the uuid orders them: 4 first), swap 1. Swap 3 is
 * between two other accounts.
 */
export async function seedHistoryRecords(db: Db): Promise<void> {
  const swap = (n: number, sender: string, receiver: string, day: number) => ({
    id: historyUuid(n),
    chainId: 10,
    txHash: historyHash(n),
    logIndex: 0,
    blockNumber: 100 + n,
    blockHash: historyHash(1_000 + n),
    blockTimestamp: new Date(`2026-01-0${day}T10:00:00.000Z`),
    sender,
    receiver,
    tokenIn: token(0),
    tokenOut: token(0xc3),
    amountIn: 10n ** 18n,
    amountOut: 2n ** 200n + BigInt(n),
    feeAmount: 7n,
    integratorId: historyHash(0),
    txFrom: sender,
    txTo: token(0xe5),
    gasUsed: 150_000n,
    gasPrice: 1_500_000_000n,
    status: 1,
  })
  await db
    .insert(trades)
    .values([
      swap(1, historyAccount, historyAccount, 1),
      swap(2, historyOther, historyAccount, 2),
      swap(3, historyOther, third, 3),
    ])
  const send = {
    providerId: 'stargate',
    sourceChainId: 1,
    destinationChainId: 42161,
    blockHash: historyHash(2_000),
    sender: historyAccount,
    tokenIn: token(0xc3),
    amountIn: 2_500_000_000n,
    feeAmount: 0n,
    txTo: token(0xe5),
    gasUsed: 210_000n,
    gasPrice: 1_000_000_000n,
  }
  await db.insert(crossTrades).values([
    {
      ...send,
      id: historyUuid(4),
      originTxHash: historyHash(4),
      blockNumber: 40,
      blockTimestamp: new Date('2026-01-02T10:00:00.000Z'),
      receiver: historyAccount,
      tokenOut: token(0xd4),
      state: 'DELIVERED',
      destinationTxHash: historyHash(44),
      amountReceived: 2_499_000_000n,
      tokenReceived: token(0xd4),
      finishedAt: new Date('2026-01-02T10:05:00.000Z'),
    },
    {
      ...send,
      id: historyUuid(5),
      providerId: 'across',
      destinationChainId: -3980891822,
      originTxHash: historyHash(5),
      blockNumber: 50,
      blockTimestamp: new Date('2026-01-04T10:00:00.000Z'),
      receiver: historyBtcReceiver,
      tokenOut: '0x0000000000000000000000000000000000000000',
      state: 'FAILED',
      refunded: true,
      amountReceived: 2_500_000_000n,
      finishedAt: new Date('2026-01-04T12:00:00.000Z'),
    },
  ])
  const order = {
    chainId: 10,
    owner: historyAccount,
    receiver: historyAccount,
    srcToken: token(0xc3),
    dstToken: token(0),
    amountIn: 1_000_000n,
    fee: 10n,
    amountOutMin: 900n,
    deadline: 1_900_000_000,
    tradeHash: historyHash(0xab),
    signature: '0x01',
    steps: [],
  }
  await db.insert(gaslessOrders).values([
    {
      ...order,
      id: historyUuid(6),
      nonce: 6n,
      status: 'cancelled',
      createdAt: new Date('2026-01-03T10:00:00.000Z'),
      canceledAt: new Date('2026-01-03T10:01:00.000Z'),
    },
    {
      ...order,
      id: historyUuid(7),
      nonce: 7n,
      status: 'completed',
      txHash: historyHash(7),
      amountOut: 987_654_321_000_000_000n,
      // microseconds, as PostgreSQL's now() writes them: the list and its cursors work in whole milliseconds
      createdAt: sql`'2026-01-05T10:00:00.123456Z'::timestamptz`,
      completedAt: new Date('2026-01-05T10:00:12.000Z'),
    },
  ])
}
