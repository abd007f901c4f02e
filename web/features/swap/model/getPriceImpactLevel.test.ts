import { describe, expect, it } from 'vitest'
import { getPriceImpactLevel } from './getPriceImpactLevel'

describe('getPriceImpactLevel', () => {
  it.each([
    [0, 'low'],
    [1, 'low'],
    [1.01, 'medium'],
    [5, 'medium'],
    [5.0001, 'high'],
  ])('%f%% -> %s', (percent, expected) => {
    expect(getPriceImpactLevel(percent)).toBe(expected)
  })
})
