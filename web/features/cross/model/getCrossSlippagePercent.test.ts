import { describe, expect, it } from 'vitest'
import { getCrossSlippagePercent } from './getCrossSlippagePercent'

describe('getCrossSlippagePercent', () => {
  it('asks 1% in auto mode and the custom percent otherwise', () => {
    expect(getCrossSlippagePercent({ mode: 'auto' })).toBe(1)
    expect(getCrossSlippagePercent({ mode: 'custom', percent: 2.5 })).toBe(2.5)
  })
})
