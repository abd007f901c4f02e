import { describe, expect, it } from 'vitest'
import { describeQuoteRoute } from './describeQuoteRoute'

const native = '0x0000000000000000000000000000000000000000'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const usdc = '0x1111111111111111111111111111111111111111'
const tokens = [
  { address: weth, symbol: 'WETH' },
  { address: usdc, symbol: 'USDC' },
]

function quote(from: { contractAddress: string; symbol: string }, to: { symbol: string }, call: unknown[]) {
  return {
    tokenFrom: from,
    tokenTo: to,
    transactionData: { call },
    protocol: [{ name: 'Uniswap V3', route: [weth, usdc], percentage: 100 }],
  } as unknown as Parameters<typeof describeQuoteRoute>[0]['quote']
}

describe('describeQuoteRoute', () => {
  it('states a wrap and an unwrap as 1:1 between the two symbols', () => {
    const eth = { contractAddress: native, symbol: 'ETH' }
    const wrapped = { contractAddress: weth, symbol: 'WETH' }
    expect(describeQuoteRoute({ quote: quote(eth, wrapped, []), tokens })).toBe('ETH → WETH, 1:1')
    expect(describeQuoteRoute({ quote: quote(wrapped, eth, []), tokens })).toBe('WETH → ETH, 1:1')
  })

  it('lists the legs of a swap', () => {
    const wrapped = { contractAddress: weth, symbol: 'WETH' }
    const q = quote(wrapped, { symbol: 'USDC' }, [{ amount: '1', data: '0x' }])
    expect(describeQuoteRoute({ quote: q, tokens, locale: 'en-US' })).toBe('100% WETH → USDC (Uniswap V3)')
  })
})
