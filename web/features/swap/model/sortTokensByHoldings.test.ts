import { describe, expect, it } from 'vitest'
import { sortTokensByHoldings } from './sortTokensByHoldings'

const token = (symbol: string, address: `0x${string}`, priceInUsd: number | null, decimals = 18) => ({
  symbol,
  address,
  decimals,
  priceInUsd,
})

const eth = token('ETH', '0x0000000000000000000000000000000000000000', 3000)
const usdc = token('USDC', '0x60921cC29694984e5bA144631377803f57c366A3', 1, 6)
const dai = token('DAI', '0x4Fe199Ac1F7353067ec951d11230484643C4bd9A', 1)
const odd = token('ODD', '0x2EEbED9e09Aaf64082e0C08ac0437749c55B4e20', null)
const tokens = [eth, usdc, dai, odd]

const key = (t: { address: string }) => t.address.toLowerCase()

describe('sortTokensByHoldings', () => {
  it('keeps the server order when nothing is held', () => {
    expect(sortTokensByHoldings({ tokens, balances: new Map() }).map((t) => t.symbol)).toEqual([
      'ETH',
      'USDC',
      'DAI',
      'ODD',
    ])
  })

  it('puts held tokens first, most valuable first, unpriced holdings after priced ones', () => {
    const balances = new Map([
      [key(eth), 0n],
      [key(odd), 10n ** 30n],
      [key(dai), 5n * 10n ** 18n],
      [key(usdc), 7_000_000n],
    ])
    expect(sortTokensByHoldings({ tokens, balances }).map((t) => t.symbol)).toEqual([
      'USDC',
      'DAI',
      'ODD',
      'ETH',
    ])
  })

  it('keeps the given order between holdings of equal value', () => {
    const balances = new Map([
      [key(dai), 10n ** 18n],
      [key(usdc), 1_000_000n],
    ])
    expect(sortTokensByHoldings({ tokens, balances }).map((t) => t.symbol)).toEqual([
      'USDC',
      'DAI',
      'ETH',
      'ODD',
    ])
  })
})
