import { describe, expect, it } from 'vitest'
import { hasCrossChainFlow } from './hasCrossChainFlow'

describe('hasCrossChainFlow', () => {
  it.each([
    [[], false],
    [[{ flows: { crossChain: false } }, { flows: { crossChain: false } }], false],
    [[{ flows: { crossChain: false } }, { flows: { crossChain: true } }], true],
  ])('%j -> %s', (chains, expected) => {
    expect(hasCrossChainFlow(chains)).toBe(expected)
  })
})
