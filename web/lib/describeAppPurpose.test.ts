import { describe, expect, it } from 'vitest'
import { describeAppPurpose } from './describeAppPurpose'

const evm = (name: string, crossChain: boolean) => ({
  name,
  family: 'evm',
  flows: { crossChain, utxo: false },
})
const utxo = (name: string) => ({ name, family: 'utxo', flows: { crossChain: false, utxo: true } })

describe('describeAppPurpose', () => {
  it('single-chain swaps only', () => {
    expect(describeAppPurpose([evm('Ethereum', false)])).toBe(
      'Swap any token at the best rate across decentralized exchanges.',
    )
  })

  it('across EVM chains', () => {
    expect(describeAppPurpose([evm('Ethereum', true), evm('Base', true)])).toBe(
      'Swap any token at the best rate across decentralized exchanges, and across chains in one trade.',
    )
  })

  it('names the non-EVM chains it reaches', () => {
    expect(describeAppPurpose([evm('Ethereum', true), utxo('Bitcoin')])).toBe(
      'Swap any token at the best rate across decentralized exchanges, and across chains in one trade, to and from Bitcoin.',
    )
    expect(
      describeAppPurpose([
        evm('Ethereum', true),
        utxo('Bitcoin'),
        utxo('Litecoin'),
        { name: 'Cosmos Hub', family: 'cosmos', flows: { crossChain: false, utxo: true } },
      ]),
    ).toBe(
      'Swap any token at the best rate across decentralized exchanges, and across chains in one trade, to and from Bitcoin, Litecoin and Cosmos Hub.',
    )
  })
})
