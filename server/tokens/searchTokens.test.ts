import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildTokenRecord } from './buildTokenRecord'
import type { ListedToken } from './compareTokenPopularity'
import { getSearchMatchRank, searchTokens } from './searchTokens'

function listed(
  chainId: number,
  address: Address,
  symbol: string,
  name: string,
  tags: ListedToken['record']['tags'],
  liquidityUsd: number,
): ListedToken {
  const token = { address, symbol, name, decimals: 18, tags: tags as never }
  return {
    record: buildTokenRecord({ chainId, token, isNative: tags.includes('native'), priceInUsd: undefined }),
    liquidityUsd,
  }
}

const eth = listed(1, '0x0000000000000000000000000000000000000000', 'ETH', 'Ether', ['native'], 9e6)
const weth = listed(
  1,
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  'WETH',
  'Wrapped Ether',
  ['wrapped-native'],
  9e6,
)
const usdc = listed(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC', 'USD Coin', ['stable'], 5e6)
const usdt = listed(1, '0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT', 'Tether USD', ['stable'], 7e6)
const usde = listed(1, '0x4c9edd5852cd905f086c759e8383e09bff1e68b3', 'USDe', 'USDe', [], 9e9)
const usdLong = listed(
  1,
  '0x1000000000000000000000000000000000000001',
  'USDX',
  'Fake Dollar',
  ['long-tail'],
  9e9,
)
const bnbEth = listed(
  56,
  '0x2170ed0880ac9a755fd29b2688956bd959f933f8',
  'ETH',
  'Ethereum Token',
  ['major'],
  1e6,
)
const tokens = [eth, weth, usdc, usdt, usde, usdLong, bnbEth]

describe('getSearchMatchRank', () => {
  it.each([
    ['usdc', '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48', 0, usdc],
    ['usdc', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 0, usdc],
    ['eth', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 0, eth],
    ['usdt', '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48', undefined, usdt],
    ['usdc', 'usdc', 1, usdc],
    ['usdc', ' USDC ', 1, usdc],
    ['usdc', 'usd', 2, usdc],
    ['usdt', 'teth', 3, usdt],
    ['eth', 'ether', 3, eth],
    ['weth', 'ether', 4, weth],
    ['usdt', 'usd', 2, usdt],
    ['usdc', 'coin', 4, usdc],
    ['usdc', '0xa0b869', 4, usdc],
    ['usdc', '0xa0b', undefined, usdc],
    ['usdc', 'xyz', undefined, usdc],
    ['usdc', '', undefined, usdc],
  ] as const)('%s matches %s with rank %s', (_symbol, query, rank, token) => {
    expect(getSearchMatchRank(token.record, query)).toBe(rank)
  })
})

describe('searchTokens', () => {
  const symbols = (query: string, limit = 20) =>
    searchTokens(tokens, query, limit).map((r) => `${r.chainId}:${r.symbol}`)

  it('ranks by match, then native, wrapped, stables, majors, untagged, long-tail, then liquidity', () => {
    expect(symbols('usd')).toEqual(['1:USDT', '1:USDC', '1:USDe', '1:USDX'])
    expect(symbols('eth')).toEqual(['1:ETH', '56:ETH', '1:WETH', '1:USDT'])
    expect(symbols('ether')).toEqual(['1:ETH', '56:ETH', '1:WETH', '1:USDT'])
  })

  it('finds a whole address on every chain and honours the limit', () => {
    expect(symbols('0x0000000000000000000000000000000000000000')).toEqual(['1:ETH'])
    expect(symbols('usd', 2)).toEqual(['1:USDT', '1:USDC'])
    expect(symbols('nothing-like-this')).toEqual([])
  })
})
