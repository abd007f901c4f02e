import { describe, expect, it } from 'vitest'
import { getCrossFeePrices } from './getCrossFeePrices'

describe('getCrossFeePrices', () => {
  it('takes list prices, and the priced traded tokens at the offer’s own price', () => {
    const prices = getCrossFeePrices({
      lists: [
        {
          chainId: 42161,
          tokens: [{ address: '0xAbC', symbol: 'WETH', decimals: 18, priceInUsd: 3000 }],
        },
      ],
      sides: [
        {
          chainId: -3980891822,
          token: { address: '0x0', symbol: 'BTC', decimals: 8 },
          amount: 50_000_000n,
          usd: 30_000,
        },
        { chainId: 42161, token: { address: '0xabc', symbol: 'WETH', decimals: 18 }, amount: 0n, usd: 0 },
      ],
    })
    expect([...prices]).toEqual([
      ['42161:0xabc', { symbol: 'WETH', decimals: 18, priceInUsd: 3000 }],
      ['-3980891822:0x0', { symbol: 'BTC', decimals: 8, priceInUsd: 60_000 }],
    ])
  })
})
