import { describe, expect, it } from 'vitest'
import { btcDeposit } from './btcDepositRecord.testing'
import { findOpenDeposit, openDepositGraceSec } from './findOpenDeposit'

const query = { records: [btcDeposit], chainId: -3980891822, toChainId: 1, nowSec: 500 }

describe('findOpenDeposit', () => {
  it('reopens an unpaid deposit of the pair until an hour past its expiry', () => {
    expect(findOpenDeposit(query)).toBe(btcDeposit)
    expect(findOpenDeposit({ ...query, nowSec: 1_000 + openDepositGraceSec - 1 })).toBe(btcDeposit)
    expect(findOpenDeposit({ ...query, nowSec: 1_000 + openDepositGraceSec })).toBeUndefined()
  })

  it('reopens a paid deposit still in flight, whatever its expiry', () => {
    const paid = { ...btcDeposit, status: 'pending' as const, txHash: 'ab'.repeat(32) }
    expect(findOpenDeposit({ ...query, records: [paid], nowSec: 99_999 })).toBe(paid)
  })

  it('not one closed with Back, settled, or of another pair; the newest first', () => {
    expect(findOpenDeposit({ ...query, records: [{ ...btcDeposit, dismissed: true }] })).toBeUndefined()
    expect(findOpenDeposit({ ...query, records: [{ ...btcDeposit, status: 'success' }] })).toBeUndefined()
    expect(findOpenDeposit({ ...query, toChainId: 10 })).toBeUndefined()
    expect(findOpenDeposit({ ...query, chainId: 1 })).toBeUndefined()
    const newer = { ...btcDeposit, id: 'newer' }
    expect(findOpenDeposit({ ...query, records: [newer, btcDeposit] })).toBe(newer)
  })
})
