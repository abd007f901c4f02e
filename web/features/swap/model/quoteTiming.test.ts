import { describe, expect, it } from 'vitest'
import { getRefreshSecondsLeft, isQuoteExpired } from './quoteTiming'

const deadlineSec = 1_700_000_060
describe('isQuoteExpired', () => {
  it('is valid one millisecond before the deadline and expired at it', () => {
    expect(isQuoteExpired({ quoteDeadlineSec: deadlineSec, nowMs: deadlineSec * 1000 - 1 })).toBe(false)
    expect(isQuoteExpired({ quoteDeadlineSec: deadlineSec, nowMs: deadlineSec * 1000 })).toBe(true)
  })
  it('moves the boundary earlier by the margin', () => {
    expect(
      isQuoteExpired({ quoteDeadlineSec: deadlineSec, nowMs: (deadlineSec - 11) * 1000, marginSec: 10 }),
    ).toBe(false)
    expect(
      isQuoteExpired({ quoteDeadlineSec: deadlineSec, nowMs: (deadlineSec - 10) * 1000, marginSec: 10 }),
    ).toBe(true)
  })
})

describe('getRefreshSecondsLeft', () => {
  const updatedAtMs = 1_000_000
  it.each([
    [0, 15],
    [1, 15],
    [1_000, 14],
    [14_001, 1],
    [15_000, 0],
    [20_000, 0],
    [-5_000, 15],
  ])('%i ms after the fetch -> %i s', (elapsedMs, expected) => {
    expect(getRefreshSecondsLeft({ updatedAtMs, intervalMs: 15_000, nowMs: updatedAtMs + elapsedMs })).toBe(
      expected,
    )
  })
})
