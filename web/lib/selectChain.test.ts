import { describe, expect, it } from 'vitest'
import { selectChain } from './selectChain'

const single = [
  { chainId: 1, flows: { crossChain: false } },
  { chainId: 56, flows: { crossChain: false } },
]
const cross = [
  { chainId: 1, flows: { crossChain: true } },
  { chainId: 56, flows: { crossChain: true } },
  { chainId: 10, flows: { crossChain: true } },
  { chainId: 137, flows: { crossChain: false } },
]

describe('selectChain', () => {
  it('keeps destination equal to source while no chain offers a cross-chain flow', () => {
    const selection = { sourceChainId: 1, destinationChainId: 1 }
    expect(selectChain({ selection, side: 'source', chainId: 56, chains: single })).toEqual({
      sourceChainId: 56,
      destinationChainId: 56,
    })
    expect(selectChain({ selection, side: 'destination', chainId: 56, chains: single })).toEqual({
      sourceChainId: 56,
      destinationChainId: 56,
    })
  })

  it('ignores a chain that is not listed', () => {
    const selection = { sourceChainId: 1, destinationChainId: 1 }
    expect(selectChain({ selection, side: 'source', chainId: 999, chains: single })).toBe(selection)
  })

  it('picks a destination apart only between chains that both offer the cross-chain flow', () => {
    const selection = { sourceChainId: 1, destinationChainId: 1 }
    expect(selectChain({ selection, side: 'destination', chainId: 56, chains: cross })).toEqual({
      sourceChainId: 1,
      destinationChainId: 56,
    })
    expect(selectChain({ selection, side: 'destination', chainId: 137, chains: cross })).toBe(selection)
  })

  it('keeps a bridged destination when the source moves to another bridging chain, else follows it', () => {
    const selection = { sourceChainId: 1, destinationChainId: 56 }
    expect(selectChain({ selection, side: 'source', chainId: 10, chains: cross })).toEqual({
      sourceChainId: 10,
      destinationChainId: 56,
    })
    expect(selectChain({ selection, side: 'source', chainId: 56, chains: cross })).toEqual({
      sourceChainId: 56,
      destinationChainId: 56,
    })
    expect(selectChain({ selection, side: 'source', chainId: 137, chains: cross })).toEqual({
      sourceChainId: 137,
      destinationChainId: 137,
    })
  })

  it('a same-chain selection follows the source', () => {
    const selection = { sourceChainId: 1, destinationChainId: 1 }
    expect(selectChain({ selection, side: 'source', chainId: 10, chains: cross })).toEqual({
      sourceChainId: 10,
      destinationChainId: 10,
    })
  })
})
