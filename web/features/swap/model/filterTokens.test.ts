import { describe, expect, it } from 'vitest'
import { filterTokens } from './filterTokens'

const tokens = [
  { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', name: 'Ether' },
  { address: '0xBCa0bA4f618028a38f43da3717c29a43505999b5', symbol: 'WETH', name: 'Wrapped Ether' },
  { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC', name: 'USD Coin' },
  { address: '0x7cd6D9B772fca718294e655ed424c2c2D067cb7b', symbol: 'USDT', name: 'Tether USD' },
] as const

describe('filterTokens', () => {
  it('ranks exact and prefix symbol matches before name matches', () => {
    expect(filterTokens({ tokens, query: 'eth' }).map((t) => t.symbol)).toEqual(['ETH', 'WETH', 'USDT'])
    expect(filterTokens({ tokens, query: 'usd' }).map((t) => t.symbol)).toEqual(['USDC', 'USDT'])
    expect(filterTokens({ tokens, query: 'tether' }).map((t) => t.symbol)).toEqual(['USDT'])
    expect(filterTokens({ tokens, query: 'zzz' })).toEqual([])
  })
  it('matches a pasted address in any case and keeps all for an empty query', () => {
    expect(
      filterTokens({ tokens, query: ' 0x60921cc29694984e5ba144631377803f57c366a3 ' }).map((t) => t.symbol),
    ).toEqual(['USDC'])
    expect(filterTokens({ tokens, query: '' })).toHaveLength(4)
  })
})
