import { describe, expect, it } from 'vitest'
import { computeCrossFeesUsd, getCrossFeePriceKey } from './computeCrossFeesUsd'

const weth = '0x6e86550B809B88d0d85b5CD3561236C12cca24BD'
const usdc = '0x00000000000000000000000000000000000000aa'
const prices = new Map([
  [getCrossFeePriceKey(42161, weth), { symbol: 'WETH', decimals: 18, priceInUsd: 3000 }],
  [getCrossFeePriceKey(1, usdc), { symbol: 'USDC', decimals: 6, priceInUsd: null }],
])

describe('computeCrossFeesUsd', () => {
  it('prices each fee in its token on its chain and sums them', () => {
    expect(
      computeCrossFeesUsd({
        fees: [
          { kind: 'relayer', chainId: 42161, token: weth.toLowerCase(), amount: '120000000000000' },
          { kind: 'gas', chainId: 42161, token: weth, amount: '1000000000000000' },
        ],
        prices,
      }),
    ).toEqual({
      rows: [
        { kind: 'relayer', amount: 120_000_000_000_000n, token: { symbol: 'WETH', decimals: 18 }, usd: 0.36 },
        { kind: 'gas', amount: 1_000_000_000_000_000n, token: { symbol: 'WETH', decimals: 18 }, usd: 3 },
      ],
      totalUsd: 3.36,
    })
  })

  it('leaves out zero fees; no total while a fee is unpriced', () => {
    expect(
      computeCrossFeesUsd({
        fees: [
          { kind: 'integrator', chainId: 1, token: usdc, amount: '0' },
          { kind: 'protocol', chainId: 1, token: usdc, amount: '2500000' },
          { kind: 'gas', chainId: 10, token: weth, amount: '1' },
        ],
        prices,
      }),
    ).toEqual({
      rows: [
        { kind: 'protocol', amount: 2_500_000n, token: { symbol: 'USDC', decimals: 6 }, usd: undefined },
        { kind: 'gas', amount: 1n, token: undefined, usd: undefined },
      ],
      totalUsd: undefined,
    })
  })

  it('totals nothing as $0', () => {
    expect(computeCrossFeesUsd({ fees: [], prices })).toEqual({ rows: [], totalUsd: 0 })
  })
})
