import { describe, expect, it } from 'vitest'
import { getSlippageWarning, parseSlippagePercent } from './slippage'

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
    ['20', 20],
    ['.1', 0.1],
  ])('%s -> %f', (text, expected) => {
    expect(parseSlippagePercent(text)).toBe(expected)
  })
  it.each([['0'], ['20.01'], ['50'], ['abc'], [''], ['-1']])('%s -> undefined', (text) => {
    expect(parseSlippagePercent(text)).toBeUndefined()
  })
})
