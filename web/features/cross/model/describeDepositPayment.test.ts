import { describe, expect, it } from 'vitest'
import { describeDepositPayment } from './describeDepositPayment'

describe('describeDepositPayment', () => {
  it.each([
    [
      'underPaid' as const,
      'under-paid: paid 0.095 BTC of 0.1 BTC asked: refunded 0.09485 BTC to bcrt1qx',
      'Under-paid',
      'Under-paid: paid 0.095 BTC of 0.1 BTC asked: refunded 0.09485 BTC to bcrt1qx.',
    ],
    [
      'overPaid' as const,
      'over-paid: paid 0.126 BTC of 0.12 BTC asked: delivered 20 DOGE for the amount paid',
      'Over-paid',
      'Over-paid: paid 0.126 BTC of 0.12 BTC asked: delivered 20 DOGE for the amount paid.',
    ],
    [
      'late' as const,
      'late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: swapped at the new price: delivered 19 DOGE',
      'Paid after the quote expired',
      'Late: paid 0.1 BTC after the quote expired at 2026-01-01T10:15:00.000Z: swapped at the new price: delivered 19 DOGE.',
    ],
  ])('%s: its title and the note of what the network did', (kind, note, title, text) => {
    expect(describeDepositPayment({ kind, note })).toEqual({ title, text })
  })

  it('nothing for a payment as quoted, an unquoted one, or none', () => {
    expect(
      describeDepositPayment({ kind: 'exact', note: 'paid 0.1 BTC as quoted: in flight' }),
    ).toBeUndefined()
    expect(describeDepositPayment({ kind: 'unquoted', note: 'paid 0.1 BTC: in flight' })).toBeUndefined()
    expect(describeDepositPayment(undefined)).toBeUndefined()
  })
})
