import { describe, expect, it } from 'vitest'
import { isPriceImpactConfirmed } from './isPriceImpactConfirmed'

describe('isPriceImpactConfirmed', () => {
  it.each([
    [5, '', true],
    [5.01, '', false],
    [5.01, 'confirm', true],
    [39, ' Confirm ', true],
    [39, 'confirmed', false],
  ])('%s%% with %j typed: %s', (percent, typed, expected) => {
    expect(isPriceImpactConfirmed({ percent, typed })).toBe(expected)
  })
})
