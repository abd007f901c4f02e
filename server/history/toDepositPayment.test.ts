import { describe, expect, it } from 'vitest'
import { toDepositPayment } from './toDepositPayment'

const BTC = -3980891822
const DOGE = -3143381382
const refundTo = 'bcrt1qrefund'
const paidAt = new Date('2026-01-01T10:00:00.000Z')
const expiresAt = new Date('2026-01-01T10:15:00.000Z')

const deposit = (fields: {
  state: string
  refunded?: boolean
  amountIn: bigint
  amountReceived?: bigint
  paidAt?: Date
  quotedAmountIn?: bigint | null
}) => ({
  sourceChainId: BTC,
  destinationChainId: DOGE,
  state: fields.state,
  refunded: fields.refunded ?? false,
  amountIn: fields.amountIn,
  amountReceived: fields.amountReceived ?? null,
  paidAt: fields.paidAt ?? paidAt,
  quotedAmountIn: fields.quotedAmountIn === undefined ? 10_000_000n : fields.quotedAmountIn,
  quoteExpiresAt: fields.quotedAmountIn === null ? null : expiresAt,
  refundAddress: refundTo,
})

describe('toDepositPayment', () => {
  it.each([
    [
      'under-paid and refunded',
      deposit({ state: 'FAILED', refunded: true, amountIn: 9_999_999n, amountReceived: 9_984_999n }),
      'underPaid',
      'under-paid: paid 0.09999999 BTC of 0.1 BTC asked: refunded 0.09984999 BTC to bcrt1qrefund',
    ],
    [
      'under-paid within the limit, delivered',
      deposit({ state: 'DELIVERED', amountIn: 9_999_999n, amountReceived: 2_000_000_000n }),
      'underPaid',
      'under-paid: paid 0.09999999 BTC of 0.1 BTC asked: delivered 20 DOGE for the amount paid',
    ],
    [
      'over-paid, delivered',
      deposit({ state: 'DELIVERED', amountIn: 10_000_001n, amountReceived: 2_000_000_000n }),
      'overPaid',
      'over-paid: paid 0.10000001 BTC of 0.1 BTC asked: delivered 20 DOGE for the amount paid',
    ],
    [
      'exact, delivered',
      deposit({ state: 'DELIVERED', amountIn: 10_000_000n, amountReceived: 2_000_000_000n }),
      'exact',
      'paid 0.1 BTC as quoted: delivered 20 DOGE',
    ],
    [
      'exact, in flight',
      deposit({ state: 'INFLIGHT', amountIn: 10_000_000n }),
      'exact',
      'paid 0.1 BTC as quoted: in flight',
    ],
    [
      'over-paid, seen in the mempool only',
      deposit({ state: 'PENDING', amountIn: 10_000_001n }),
      'overPaid',
      'over-paid: paid 0.10000001 BTC of 0.1 BTC asked: seen in the mempool, waiting for confirmation',
    ],
    [
      'late, seen in the mempool only',
      deposit({ state: 'PENDING', amountIn: 10_000_000n, paidAt: new Date(expiresAt.getTime() + 1) }),
      'late',
      'late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: seen in the mempool, waiting for confirmation',
    ],
    [
      'paid at the expiry second: not late',
      deposit({ state: 'INFLIGHT', amountIn: 10_000_000n, paidAt: expiresAt }),
      'exact',
      'paid 0.1 BTC as quoted: in flight',
    ],
    [
      'paid one millisecond after the expiry: late, swapped at the new price',
      deposit({
        state: 'DELIVERED',
        amountIn: 10_000_000n,
        amountReceived: 1_900_000_000n,
        paidAt: new Date(expiresAt.getTime() + 1),
      }),
      'late',
      'late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: swapped at the new price: delivered 19 DOGE',
    ],
    [
      'late and refunded',
      deposit({
        state: 'FAILED',
        refunded: true,
        amountIn: 10_000_000n,
        amountReceived: 9_985_000n,
        paidAt: new Date(expiresAt.getTime() + 1),
      }),
      'late',
      'late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: refunded 0.09985 BTC to bcrt1qrefund',
    ],
    [
      'late, in flight',
      deposit({ state: 'INFLIGHT', amountIn: 10_000_000n, paidAt: new Date(expiresAt.getTime() + 1) }),
      'late',
      'late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: the network swaps at the new price, or refunds under the price limit',
    ],
    [
      'no quote of ours',
      deposit({ state: 'INFLIGHT', amountIn: 10_000_000n, quotedAmountIn: null }),
      'unquoted',
      'paid 0.1 BTC: in flight',
    ],
    [
      'a dust deposit the network kept',
      deposit({ state: 'FAILED', amountIn: 1_000n }),
      'underPaid',
      'under-paid: paid 0.00001 BTC of 0.1 BTC asked: failed: nothing paid back (the deposit did not cover the refund fee)',
    ],
  ])('%s', (_name, trade, kind, note) => {
    expect(toDepositPayment(trade)).toEqual({
      kind,
      paidAmountIn: trade.amountIn.toString(),
      paidAt: trade.paidAt.toISOString(),
      quotedAmountIn: trade.quotedAmountIn === null ? null : '10000000',
      quoteExpiresAt: trade.quoteExpiresAt === null ? null : '2026-01-01T10:15:00.000Z',
      refundAddress: refundTo,
      note,
    })
  })

  it('is undefined for a trade that is no observed deposit', () => {
    expect(
      toDepositPayment({ ...deposit({ state: 'DELIVERED', amountIn: 1n }), paidAt: null }),
    ).toBeUndefined()
  })
})
