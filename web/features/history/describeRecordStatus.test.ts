import { describe, expect, it } from 'vitest'
import { describeRecordStatus } from './describeRecordStatus'

describe('describeRecordStatus', () => {
  it('pending, confirmed and failed rows', () => {
    expect(describeRecordStatus({ status: 'pending' })).toEqual({ label: 'Pending', tone: 'pending' })
    expect(describeRecordStatus({ status: 'success' })).toEqual({ label: 'Confirmed', tone: 'success' })
    expect(describeRecordStatus({ status: 'failed' })).toEqual({ label: 'Failed', tone: 'failed' })
  })

  it('a cross-chain trade that succeeded reads Delivered (its output arrived), a swap Confirmed', () => {
    expect(describeRecordStatus({ status: 'success', kind: 'cross' })).toEqual({
      label: 'Delivered',
      tone: 'success',
    })
    expect(describeRecordStatus({ status: 'success', kind: 'swap' })).toEqual({
      label: 'Confirmed',
      tone: 'success',
    })
  })

  it('a pending cross-chain trade whose delivery waits for a retry reads Needs action; a finished one does not', () => {
    expect(describeRecordStatus({ status: 'pending', kind: 'cross' }, { needsAction: true })).toEqual({
      label: 'Needs action',
      tone: 'failed',
    })
    expect(describeRecordStatus({ status: 'pending', kind: 'cross' }, { needsAction: false })).toEqual({
      label: 'Pending',
      tone: 'pending',
    })
    expect(describeRecordStatus({ status: 'success', kind: 'cross' }, { needsAction: true })).toEqual({
      label: 'Delivered',
      tone: 'success',
    })
  })

  it('a failed cross-chain trade whose input came back reads Refunded', () => {
    expect(describeRecordStatus({ status: 'failed', refunded: '700000000' })).toEqual({
      label: 'Refunded',
      tone: 'refunded',
    })
  })
})
