import { describe, expect, it } from 'vitest'
import { summarizeRoute } from './summarizeRoute'

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const tokens = [
  { address: WETH, symbol: 'WETH' },
  { address: USDC, symbol: 'USDC' },
]

describe('summarizeRoute', () => {
  it('writes out every leg of a short route, an unknown token shortened', () => {
    const route = summarizeRoute({
      protocol: [
        { name: 'Uniswap V2', route: [WETH, USDC], percentage: 70.94 },
        { name: 'SushiSwap', route: [WETH, DAI, USDC], percentage: 29.06 },
      ],
      tokens,
      locale: 'en-US',
    })
    expect(route.text).toBe('70.9% WETH → USDC (Uniswap V2); 29.1% WETH → 0x6B17… → USDC (SushiSwap)')
    expect(route.legs).toEqual([
      { share: '70.9%', path: 'WETH → USDC', exchange: 'Uniswap V2' },
      { share: '29.1%', path: 'WETH → 0x6B17… → USDC', exchange: 'SushiSwap' },
    ])
  })

  it('sums up a long split by its exchanges, the one carrying most first; the legs stay listed', () => {
    const protocol = [
      ...Array.from({ length: 20 }, () => ({ name: 'SushiSwap', route: [WETH, USDC], percentage: 2 })),
      ...Array.from({ length: 4 }, () => ({ name: 'Uniswap V3', route: [WETH, USDC], percentage: 15 })),
    ]
    const route = summarizeRoute({ protocol, tokens, locale: 'en-US' })
    expect(route.text).toBe('Split over 24 routes via Uniswap V3, SushiSwap')
    expect(route.legs).toHaveLength(24)
    expect(route.legs[23]).toEqual({ share: '15%', path: 'WETH → USDC', exchange: 'Uniswap V3' })
  })
})
