import { describe, expect, it } from 'vitest'
import { getInitialChainSelection } from './getInitialChainSelection'

const chains = [
  { chainId: 1, family: 'evm', flows: { crossChain: false, utxo: false } },
  { chainId: 56, family: 'evm', flows: { crossChain: false, utxo: false } },
]
const crossChains = [
  { chainId: 1, family: 'evm', flows: { crossChain: true, utxo: false } },
  { chainId: 56, family: 'evm', flows: { crossChain: true, utxo: false } },
]
const none = { linkedChainId: undefined, linkedToChainId: undefined, storedChainId: undefined }

describe('getInitialChainSelection', () => {
  it.each([
    [{ ...none }, 1],
    [{ ...none, storedChainId: 56 }, 56],
    [{ ...none, storedChainId: 999 }, 1],
    [{ ...none, linkedChainId: 56, storedChainId: 1 }, 56],
    [{ ...none, linkedChainId: 999, storedChainId: 56 }, 56],
  ])('%j -> source and destination %i', (ids, expected) => {
    expect(getInitialChainSelection({ chains, ...ids })).toEqual({
      sourceChainId: expected,
      destinationChainId: expected,
    })
  })

  it('takes the link destination only when a cross-chain flow allows it', () => {
    expect(getInitialChainSelection({ chains, ...none, linkedChainId: 1, linkedToChainId: 56 })).toEqual({
      sourceChainId: 1,
      destinationChainId: 1,
    })
    expect(
      getInitialChainSelection({ chains: crossChains, ...none, linkedChainId: 1, linkedToChainId: 56 }),
    ).toEqual({ sourceChainId: 1, destinationChainId: 56 })
  })

  it('keeps the stored pair when the page has no link (/history, a reload), not under a link of its own', () => {
    const stored = { ...none, storedChainId: 1, storedToChainId: 56 }
    expect(getInitialChainSelection({ chains: crossChains, ...stored })).toEqual({
      sourceChainId: 1,
      destinationChainId: 56,
    })
    expect(getInitialChainSelection({ chains: crossChains, ...stored, linkedChainId: 56 })).toEqual({
      sourceChainId: 56,
      destinationChainId: 56,
    })
    expect(getInitialChainSelection({ chains, ...stored })).toEqual({
      sourceChainId: 1,
      destinationChainId: 1,
    })
  })

  it('answers undefined without chains', () => {
    expect(getInitialChainSelection({ chains: [], ...none })).toBeUndefined()
  })
})
