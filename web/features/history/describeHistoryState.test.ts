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
})
