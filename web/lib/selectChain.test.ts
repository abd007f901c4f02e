import { describe, expect, it } from 'vitest'
import { selectChain } from './selectChain'

const single = [
  { chainId: 1, family: 'evm', flows: { crossChain: false, utxo: false } },
  { chainId: 56, family: 'evm', flows: { crossChain: false, utxo: false } },
]
const cross = [
  { chainId: 1, family: 'evm', flows: { crossChain: true, utxo: false } },
  { chainId: 56, family: 'evm', flows: { crossChain: true, utxo: false } },
  { chainId: 10, family: 'evm', flows: { crossChain: true, utxo: false } },
  { chainId: 137, family: 'evm', flows: { crossChain: false, utxo: false } },
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

describe('selectChain with the liquidity network', () => {
  const chains = [
    { chainId: 1, family: 'evm', flows: { crossChain: false, utxo: true } },
    { chainId: 10, family: 'evm', flows: { crossChain: false, utxo: false } },
    { chainId: -3980891822, family: 'utxo', flows: { crossChain: false, utxo: true } },
    { chainId: -3143381382, family: 'utxo', flows: { crossChain: false, utxo: true } },
  ]
  it('goes from Ethereum to Bitcoin, and a Bitcoin source never trades on its own chain', () => {
    const onEthereum = { sourceChainId: 1, destinationChainId: 1 }
    const toBitcoin = selectChain({
      selection: onEthereum,
      side: 'destination',
      chainId: -3980891822,
      chains,
    })
    expect(toBitcoin).toEqual({ sourceChainId: 1, destinationChainId: -3980891822 })
    expect(selectChain({ selection: onEthereum, side: 'source', chainId: -3980891822, chains })).toEqual({
      sourceChainId: -3980891822,
      destinationChainId: 1,
    })
    expect(selectChain({ selection: toBitcoin, side: 'source', chainId: -3143381382, chains })).toEqual({
      sourceChainId: -3143381382,
      destinationChainId: -3980891822,
    })
    // Optimism is not served by the network: Bitcoin stays out of reach from it
    expect(
      selectChain({
        selection: { sourceChainId: 10, destinationChainId: 10 },
        side: 'destination',
        chainId: -3980891822,
        chains,
      }),
    ).toEqual({
      sourceChainId: 10,
      destinationChainId: 10,
    })
  })
})
