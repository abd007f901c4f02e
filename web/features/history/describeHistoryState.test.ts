import { describe, expect, it } from 'vitest'
import { describeHistoryState } from './describeHistoryState'

describe('describeHistoryState', () => {
  it.each([
    ['quoted', 'swap', 'Pending', 'pending'],
    ['submitted', 'cross', 'Pending', 'pending'],
    ['inFlight', 'cross', 'Pending', 'pending'],
    ['delivered', 'swap', 'Confirmed', 'success'],
    ['delivered', 'cross', 'Delivered', 'success'],
    ['deliveredOtherToken', 'cross', 'Delivered', 'success'],
    ['refunded', 'cross', 'Refunded', 'refunded'],
    ['failed', 'swap', 'Failed', 'failed'],
    ['expired', 'gasless', 'Expired', 'failed'],
  ] as const)('%s (%s) reads %s', (state, kind, label, tone) => {
    expect(describeHistoryState({ state, kind })).toEqual({ label, tone })
  })

  it('a cross-chain trade in flight whose delivery failed reads Needs action; once delivered, Delivered', () => {
    expect(describeHistoryState({ state: 'inFlight', kind: 'cross', subStatus: 'COMPOSE_FAILED' })).toEqual({
      label: 'Needs action',
      tone: 'failed',
    })
    expect(describeHistoryState({ state: 'delivered', kind: 'cross', subStatus: 'COMPOSE_FAILED' })).toEqual({
      label: 'Delivered',
      tone: 'success',
    })
  })
})
