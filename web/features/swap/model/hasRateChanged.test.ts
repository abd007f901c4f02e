import { describe, expect, it } from 'vitest'
import type { SingleQuote } from '../types'
import { hasRateChanged } from './hasRateChanged'

const base = { fromTokenAmount: '100', toTokenAmount: '200', deltaAmount: '199' } as SingleQuote

describe('hasRateChanged', () => {
  it('is false for the same amounts, true when any amount moves', () => {
    expect(hasRateChanged({ accepted: base, current: { ...base } })).toBe(false)
    expect(hasRateChanged({ accepted: base, current: { ...base, toTokenAmount: '201' } })).toBe(true)
    expect(hasRateChanged({ accepted: base, current: { ...base, fromTokenAmount: '99' } })).toBe(true)
    expect(hasRateChanged({ accepted: base, current: { ...base, deltaAmount: '198' } })).toBe(true)
  })
})
