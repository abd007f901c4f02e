import { describe, expect, it } from 'vitest'
import { getUnreachableDestinations } from './getUnreachableDestinations'

const chain = (chainId: number, name: string, family: string, crossChain: boolean, utxo: boolean) => ({
  chainId,
  name,
  family,
  flows: { crossChain, utxo },
})
const ethereum = chain(1, 'Ethereum', 'evm', true, true)
const polygon = chain(137, 'Polygon', 'evm', true, false)
const bitcoin = chain(-3980891822, 'Bitcoin', 'utxo', false, true)
const cosmos = chain(-978111860, 'Cosmos Hub', 'cosmos', false, true)
const isolated = chain(250, 'Fantom', 'evm', false, false)
const chains = [ethereum, polygon, bitcoin, cosmos, isolated]

describe('getUnreachableDestinations', () => {
  it('from Polygon (bridges only): the liquidity network chains and a chain without bridges are out', () => {
    expect([...getUnreachableDestinations({ source: polygon, chains })]).toEqual([
      [-3980891822, 'no route from Polygon'],
      [-978111860, 'no route from Polygon'],
      [250, 'no route from Polygon'],
    ])
  })

  it('from Ethereum (bridges and the liquidity network): only the isolated chain is out', () => {
    expect([...getUnreachableDestinations({ source: ethereum, chains })]).toEqual([
      [250, 'no route from Ethereum'],
    ])
  })

  it('from Bitcoin: itself (no swaps within it) and the chains without the liquidity network', () => {
    expect([...getUnreachableDestinations({ source: bitcoin, chains })]).toEqual([
      [137, 'no route from Bitcoin'],
      [-3980891822, 'no swaps within Bitcoin'],
      [250, 'no route from Bitcoin'],
    ])
  })

  it('an EVM source always reaches itself', () => {
    expect(getUnreachableDestinations({ source: isolated, chains }).has(250)).toBe(false)
  })
})
