import { describe, expect, it } from 'vitest'
import { describeDepositStatus } from './describeDepositStatus'

describe('describeDepositStatus', () => {
  it('an unpaid deposit awaits its payment until its quote expires', () => {
    expect(describeDepositStatus({ status: 'awaiting', expiresAt: 100 }, 99)).toEqual({
      label: 'Awaiting deposit',
      tone: 'pending',
    })
    expect(describeDepositStatus({ status: 'awaiting', expiresAt: 100 }, 100)).toEqual({
      label: 'Expired',
      tone: 'failed',
    })
  })

  it('a paid one reads as a cross-chain trade: Pending, Delivered, Failed, Refunded', () => {
    expect(describeDepositStatus({ status: 'pending', expiresAt: 100 }, 500)).toEqual({
      label: 'Pending',
      tone: 'pending',
    })
    expect(describeDepositStatus({ status: 'success', expiresAt: 100 }, 500)).toEqual({
      label: 'Delivered',
      tone: 'success',
    })
    expect(describeDepositStatus({ status: 'failed', expiresAt: 100 }, 500)).toEqual({
      label: 'Failed',
      tone: 'failed',
    })
    expect(describeDepositStatus({ status: 'failed', refunded: '985000', expiresAt: 100 }, 500)).toEqual({
      label: 'Refunded',
      tone: 'refunded',
    })
  })
})
