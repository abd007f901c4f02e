import { describe, expect, it } from 'vitest'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { mergeTokenLists } from './mergeTokenLists'
import { NetworkConfigError } from './NetworkConfigError'
import type { TokenList } from './tokenListSchema'

const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

const listOf = (tokens: TokenList['tokens']): TokenList => ({
  name: 'Test',
  timestamp: '2024-05-01T00:00:00Z',
  version: { major: 1, minor: 0, patch: 0 },
  tags: { stablecoin: { name: 'Stablecoin', description: 'Pegged' } },
  tokens,
})
const dai: TokenList['tokens'][number] = {
  chainId: 1,
  address: '0x6b175474e89094c44da98b954eedeac495271d0f',
  name: 'Dai Stablecoin',
  symbol: 'DAI',
  decimals: 18,
  tags: ['stablecoin'],
}

/** Address, symbol, decimals and tags of every token, by chain. */
const tokensOf = (chains: ReturnType<typeof mergeTokenLists>) =>
  Object.fromEntries(
    chains.map((c) => [c.chainId, c.tokens.map((t) => [t.address, t.symbol, t.decimals, t.tags])]),
  )

describe('mergeTokenLists', () => {
  const chains = createFakeDeployments()
  const own = {
    1: [
      ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'WETH', 18, ['wrapped-native', 'major']],
      ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC', 6, ['stable']],
    ],
    8453: [],
  }

  it('adds each list token to the chain of its chainId, checksummed and tagged; other chains are left out', () => {
    const merged = mergeTokenLists(chains, [
      {
        source: 'a.json',
        list: listOf([
          dai,
          { chainId: 8453, address: BASE_USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
          { chainId: 10, address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        ]),
      },
    ])
    expect(tokensOf(merged)).toEqual({
      1: [...own[1], [DAI, 'DAI', 18, ['stable']]],
      8453: [[BASE_USDC, 'USDC', 6, []]],
    })
  })

  it('keeps the first of duplicates: the chain own tokens, then the lists in order', () => {
    const merged = mergeTokenLists(chains, [
      {
        source: 'a.json',
        list: listOf([
          { ...dai, symbol: 'DAI1' },
          { ...dai, address: DAI, symbol: 'DAI2' },
        ]),
      },
      {
        source: 'b.json',
        list: listOf([
          { ...dai, symbol: 'DAI3' },
          { chainId: 1, address: USDC, name: 'Other', symbol: 'USDC2', decimals: 6 },
        ]),
      },
    ])
    expect(tokensOf(merged)).toEqual({ 1: [...own[1], [DAI, 'DAI1', 18, ['stable']]], 8453: [] })
  })

  it('leaves the chains as they are without lists', () => {
    expect(mergeTokenLists(chains, [])).toEqual(chains)
  })

  it('refuses decimals two sources disagree on, naming every conflict', () => {
    const merge = () =>
      mergeTokenLists(chains, [
        { source: 'a.json', list: listOf([dai]) },
        {
          source: 'b.json',
          list: listOf([
            { ...dai, decimals: 6 },
            { chainId: 1, address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 18 },
          ]),
        },
      ])
    expect(merge).toThrowError(
      new NetworkConfigError(
        `Token lists disagree on decimals:\n  ${DAI} on chain 1: 6 decimals in b.json, 18 in a.json\n  ${USDC} on chain 1: 18 decimals in b.json, 6 in the chain's own tokens`,
      ),
    )
  })
})
