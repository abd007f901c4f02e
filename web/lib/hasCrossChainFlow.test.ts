import { describe, expect, it } from 'vitest'
import { hasCrossChainFlow, hasCrossFlowBetween } from './hasCrossChainFlow'

const chain = (chainId: number, family: string, crossChain: boolean, utxo: boolean) => ({
  chainId,
  family,
  flows: { crossChain, utxo },
})

describe('hasCrossChainFlow', () => {
  it.each([
    [[], false],
    [[chain(1, 'evm', false, false), chain(56, 'evm', false, false)], false],
    [[chain(1, 'evm', false, false), chain(56, 'evm', true, false)], true],
    [[chain(1, 'evm', false, false), chain(-3980891822, 'utxo', false, true)], true],
  ])('%j -> %s', (chains, expected) => {
    expect(hasCrossChainFlow(chains)).toBe(expected)
  })
})

describe('hasCrossFlowBetween', () => {
  const btc = chain(-3980891822, 'utxo', false, true)
  const doge = chain(-3143381382, 'utxo', false, true)
  it('needs the liquidity network on both sides when a side is not EVM, a bridge on both between EVM chains', () => {
    expect(hasCrossFlowBetween(btc, doge)).toBe(true)
    expect(hasCrossFlowBetween(btc, chain(1, 'evm', true, false))).toBe(false)
    expect(hasCrossFlowBetween(chain(1, 'evm', false, true), btc)).toBe(true)
    expect(hasCrossFlowBetween(chain(1, 'evm', true, false), chain(56, 'evm', true, false))).toBe(true)
    expect(hasCrossFlowBetween(chain(1, 'evm', false, true), chain(56, 'evm', false, true))).toBe(false)
    expect(hasCrossFlowBetween(btc, btc)).toBe(false)
  })
})
