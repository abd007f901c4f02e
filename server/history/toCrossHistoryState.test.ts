import { describe, expect, it } from 'vitest'
import { toCrossHistoryState } from './toCrossHistoryState'

describe('toCrossHistoryState', () => {
  it.each([
    ['PENDING', false, false, 'submitted'],
    ['INFLIGHT', false, false, 'inFlight'],
    ['DELIVERED', false, false, 'delivered'],
    ['DELIVERED', true, false, 'deliveredOtherToken'],
    ['FAILED', false, false, 'failed'],
    ['FAILED', false, true, 'refunded'],
    ['SOMETHING_NEW', false, false, 'submitted'],
  ] as const)(
    '%s (other token %s, refunded %s) reads %s',
    (state, receivedDifferentTokens, refunded, expected) => {
      expect(toCrossHistoryState({ state, receivedDifferentTokens, refunded })).toBe(expected)
    },
  )
})
