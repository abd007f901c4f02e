import { describe, expect, it } from 'vitest'
import { formatRoute } from './formatRoute'

const weth = '0xBCa0bA4f618028a38f43da3717c29a43505999b5'
const usdc = '0x1111111111111111111111111111111111111111'
const dai = '0x2222222222222222222222222222222222222222'
const unknown = '0xabcdef0000000000000000000000000000000000'
const tokens = [
  { address: weth, symbol: 'WETH' },
  { address: usdc, symbol: 'USDC' },
] as const

describe('formatRoute', () => {
  it('names the hops by symbol, matching addresses case-insensitively', () => {
    expect(
      formatRoute({
        protocol: [
          {
            name: 'Uniswap V3',
            route: [weth.toLowerCase() as `0x${string}`, usdc],
            percentage: 100,
          },
        ],
        tokens,
        locale: 'en-US',
      }),
    ).toBe('100% WETH → USDC (Uniswap V3)')
  })

  it('rounds split shares to one decimal and shortens unknown tokens', () => {
    expect(
      formatRoute({
        protocol: [
          { name: 'Uniswap V2', route: [usdc, dai], percentage: 70.8901 },
          { name: 'Uniswap V3', route: [usdc, unknown], percentage: 29.1099 },
        ],
        tokens,
        locale: 'en-US',
      }),
    ).toBe('70.9% USDC → 0x2222… (Uniswap V2); 29.1% USDC → 0xabcd… (Uniswap V3)')
  })
})
