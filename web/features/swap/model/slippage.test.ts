import { describe, expect, it } from 'vitest'
import { getSlippageWarning, parseSlippagePercent, resolveSlippagePercent } from './slippage'

describe('resolveSlippagePercent', () => {
  it('uses the recommendation in auto mode, 0.5 without one, the custom value otherwise', () => {
    expect(resolveSlippagePercent({ setting: { mode: 'auto' }, recommendedPercent: 0.53 })).toBe(0.53)
    expect(resolveSlippagePercent({ setting: { mode: 'auto' }, recommendedPercent: undefined })).toBe(0.5)
    expect(
      resolveSlippagePercent({ setting: { mode: 'custom', percent: 2 }, recommendedPercent: 0.53 }),
    ).toBe(2)
  })
})

describe('getSlippageWarning', () => {
  it.each([
    [0.049, 'may-fail'],
    [0.05, undefined],
    [5, undefined],
    [5.01, 'frontrun'],
  ])('%f%% -> %s', (percent, expected) => {
    expect(getSlippageWarning(percent)).toBe(expected)
  })
})

describe('parseSlippagePercent', () => {
  it.each([
    ['0.3', 0.3],
    ['50', 50],
    ['.1', 0.1],
  ])('%s -> %f', (text, expected) => {
    expect(parseSlippagePercent(text)).toBe(expected)
  })
  it.each([['0'], ['50.01'], ['abc'], [''], ['-1']])('%s -> undefined', (text) => {
    expect(parseSlippagePercent(text)).toBeUndefined()
  })
})
