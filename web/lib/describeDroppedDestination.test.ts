import { describe, expect, it } from 'vitest'
import { describeDroppedDestination } from './describeDroppedDestination'

const chain = (chainId: number, name: string, family: string, crossChain: boolean, utxo: boolean) => ({
  chainId,
  name,
  family,
  flows: { crossChain, utxo },
})
const ethereum = chain(1, 'Ethereum', 'evm', true, true)
const polygon = chain(137, 'Polygon', 'evm', true, false)
const bitcoin = chain(-3980891822, 'Bitcoin', 'utxo', false, true)
const chains = [ethereum, polygon, bitcoin]

describe('describeDroppedDestination', () => {
  it('says why an unreachable destination was not applied', () => {
    expect(
      describeDroppedDestination({
        linkedToChainId: bitcoin.chainId,
        destinationChainId: 137,
        source: polygon,
        chains,
      }),
    ).toBe(
      "The link's destination, Bitcoin, cannot be reached from Polygon (no route from Polygon). Pick another network under To, or another source under From.",
    )
  })

  it('names a network the server does not offer', () => {
    expect(
      describeDroppedDestination({ linkedToChainId: 999, destinationChainId: 1, source: ethereum, chains }),
    ).toBe("The link's destination network (999) is not offered here.")
  })

  it('says nothing when the link was applied, or none was given', () => {
    expect(
      describeDroppedDestination({
        linkedToChainId: bitcoin.chainId,
        destinationChainId: bitcoin.chainId,
        source: ethereum,
        chains,
      }),
    ).toBeUndefined()
    expect(
      describeDroppedDestination({
        linkedToChainId: undefined,
        destinationChainId: 1,
        source: ethereum,
        chains,
      }),
    ).toBeUndefined()
  })
})
