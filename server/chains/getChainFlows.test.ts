import { describe, expect, it } from 'vitest'
import { getChainFlows } from './getChainFlows'

describe('getChainFlows', () => {
  const mounted = {
    singleChain: new Set([1, 56]),
    crossChain: new Set([56]),
    utxo: new Set<number>(),
    gasless: new Set([1]),
  }

  it.each([
    [1, { singleChain: true, crossChain: false, utxo: false, gasless: true }],
    [56, { singleChain: true, crossChain: true, utxo: false, gasless: false }],
    [10, { singleChain: false, crossChain: false, utxo: false, gasless: false }],
  ])('chain %i offers only what is mounted for it', (chainId, flows) => {
    expect(getChainFlows(chainId, mounted)).toEqual(flows)
  })
})
