import { getAddress, keccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmChainIds } from '../server/chains/chainInfo'
import { computeDevnetVersion } from './computeDevnetVersion'
import {
  computeDevnetMarkets,
  computeV3Ladder,
  getDevnetExchanges,
  getDevnetPoolSpecs,
  getWrappedNativeSymbol,
  type MarketToken,
  type PoolSpec,
  sqrtBigInt,
} from './markets'
import { getUsdPriceE18 } from './prices'
import { getDevnetTokens } from './tokens'

/** The pools of one chain's large market, computed once per chain (seconds for chain 1). */
const specsOf = (() => {
  const cache = new Map<number, PoolSpec[]>()
  return (chainId: number) => {
    const found = cache.get(chainId) ?? getDevnetPoolSpecs(chainId, 'large')
    cache.set(chainId, found)
    return found
  }
})()

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN
}

/** Stand-in addresses (the deployed ones depend on nonces): deterministic, so token order repeats. */
function marketTokensOf(chainId: number): MarketToken[] {
  const { tokens, nativePriceSymbol } = getDevnetTokens(chainId, 'large')
  const wrapped = getWrappedNativeSymbol(chainId)
  return [{ symbol: wrapped, decimals: 18, priceSymbol: nativePriceSymbol }, ...tokens].map((t) => ({
    address: getAddress(keccak256(toHex(`${chainId}:${t.symbol}`)).slice(0, 42)),
    symbol: t.symbol,
    decimals: t.decimals,
    priceSymbol: t.priceSymbol,
  }))
}

describe('the large market', () => {
  it('has 5,175 pools on chain 1 and 2,340 on Arbitrum; every other chain keeps its small market', () => {
    expect(specsOf(1)).toHaveLength(5_175)
    expect(specsOf(42161)).toHaveLength(2_340)
    for (const chainId of evmChainIds.filter((id) => id !== 1 && id !== 42161)) {
      expect(getDevnetPoolSpecs(chainId, 'large')).toEqual(getDevnetPoolSpecs(chainId))
    }
  })

  it('leaves the small market as it was: no generated token, no laddered range', () => {
    expect(getDevnetPoolSpecs(1)).toHaveLength(47)
    expect(getDevnetPoolSpecs(1).some((s) => s.v3Ranges !== undefined)).toBe(false)
    expect(getDevnetTokens(1).tokens.some((t) => t.generated)).toBe(false)
    expect(getDevnetTokens(1).tokens).toHaveLength(10)
  })

  it('lists every token of every pool, generated ones priced from $0.0000001 to $9,999', () => {
    for (const chainId of [1, 42161]) {
      const { tokens } = getDevnetTokens(chainId, 'large')
      const symbols = new Set([getWrappedNativeSymbol(chainId), ...tokens.map((t) => t.symbol)])
      expect(symbols.size).toBe(tokens.length + 1)
      for (const spec of specsOf(chainId)) {
        expect(
          symbols.has(spec.symbolA) && symbols.has(spec.symbolB),
          `${spec.symbolA}/${spec.symbolB}`,
        ).toBe(true)
      }
      const generated = tokens.filter((t) => t.generated)
      expect(generated).toHaveLength(chainId === 1 ? 1_800 : 700)
      for (const token of generated) {
        const price = getUsdPriceE18(token.priceSymbol)
        expect(price >= 10n ** 11n && price < 10n ** 22n, token.priceSymbol).toBe(true)
      }
    }
  })

  it('has no pair twice on one venue, and no V3 pool of a fee-on-transfer token', () => {
    for (const chainId of [1, 42161]) {
      const keys = specsOf(chainId).map((s) => {
        const [a, b] = [s.symbolA, s.symbolB].sort()
        return `${a}/${b}@${s.exchangeId}:${s.fee ?? ''}`
      })
      expect(new Set(keys).size).toBe(keys.length)
      const taxed = new Set(
        getDevnetTokens(chainId, 'large')
          .tokens.filter((t) => t.transferFeeBps)
          .map((t) => t.symbol),
      )
      const taxedV3 = specsOf(chainId).filter(
        (s) => s.kind === 'uniswap-v3' && (taxed.has(s.symbolA) || taxed.has(s.symbolB)),
      )
      expect(taxedV3).toEqual([])
    }
  })

  it('puts the deep majors on every venue: WETH/USDC on three V3 fee tiers, both V2s, two V4 pools and Algebra', () => {
    const venues = specsOf(1)
      .filter((s) => [s.symbolA, s.symbolB].sort().join('/') === 'USDC/WETH')
      .map((s) => `${s.exchangeId}:${s.fee ?? ''}`)
      .sort()
    expect(venues).toEqual([
      'algebra-integral:500',
      'sushiswap-v3:3000',
      'sushiswap:',
      'uniswap-v2:',
      'uniswap-v3:10000',
      'uniswap-v3:3000',
      'uniswap-v3:500',
      'uniswap-v4:3000',
      'uniswap-v4:500',
    ])
    expect(getDevnetExchanges(1).map((e) => e.id)).toEqual([
      'uniswap-v3',
      'uniswap-v2',
      'sushiswap',
      'sushiswap-v3',
      'algebra-integral',
      'uniswap-v4',
    ])
  })

  it('routes the long tail through Uniswap V4 and Algebra too, each laddered; none with a token returning no bool', () => {
    const specs = specsOf(1)
    const on = (exchangeId: string) => specs.filter((s) => s.exchangeId === exchangeId)
    const generated = (s: PoolSpec) => s.symbolA.startsWith('LT') || s.symbolB.startsWith('LT')
    expect(on('uniswap-v4').filter(generated)).toHaveLength(363)
    expect(on('algebra-integral').filter(generated)).toHaveLength(256)
    // Algebra has one pool a pair, whatever its fee
    const algebraPairs = on('algebra-integral').map((s) => [s.symbolA, s.symbolB].sort().join('/'))
    expect(new Set(algebraPairs).size).toBe(algebraPairs.length)
    // chain 1's USDT returns nothing from transferFrom: V4's and Algebra's liquidity helpers cannot take it
    const usdt = [...on('uniswap-v4'), ...on('algebra-integral')].filter((s) =>
      [s.symbolA, s.symbolB].includes('USDT'),
    )
    expect(usdt).toEqual([])
    // deep pools hold many ranges, as deep V3 pools do
    const weth = on('uniswap-v4').find(
      (s) => [s.symbolA, s.symbolB].sort().join('/') === 'USDC/WETH' && s.fee === 500,
    )
    expect(weth?.v3Ranges).toBe(16)
  })

  it('spreads depth like a real chain: a long thin tail, some dust, most value in few pools', () => {
    for (const [chainId, expected] of [
      [1, { p10: 998, p50: 2_325, p90: 10_295, p99: 3_000_000, max: 20_000_000, dust: 73 }],
      [42161, { p10: 945, p50: 2_547, p90: 1_700_000, p99: 12_000_000, max: 20_000_000, dust: 22 }],
    ] as const) {
      const tvls = specsOf(chainId)
        .map((s) => s.tvlUsd)
        .sort((a, b) => a - b)
      const dust = tvls.filter((t) => t < 100).length
      expect({
        p10: quantile(tvls, 0.1),
        p50: quantile(tvls, 0.5),
        p90: quantile(tvls, 0.9),
        p99: quantile(tvls, 0.99),
        max: quantile(tvls, 1),
        dust,
      }).toEqual(expected)
      // bounds the numbers above keep: dust 0.5-5% of pools, the deepest 2% hold over half of all value
      expect(dust / tvls.length).toBeGreaterThan(0.005)
      expect(dust / tvls.length).toBeLessThan(0.05)
      const total = tvls.reduce((a, b) => a + b, 0)
      const top = tvls.slice(Math.floor(tvls.length * 0.98)).reduce((a, b) => a + b, 0)
      expect(top / total).toBeGreaterThan(0.5)
    }
  })

  it('computes plans the chain accepts: V2 pairs above the minimum liquidity, every V3 and V4 range funded', () => {
    const plans = computeDevnetMarkets({ chainId: 1, tokens: marketTokensOf(1), market: 'large' })
    expect(plans).toHaveLength(5_175)
    let ticks = 0
    for (const plan of plans) {
      if (plan.kind === 'uniswap-v2') {
        // UniswapV2Pair burns 1,000 units of liquidity on the first mint and reverts below that
        expect(sqrtBigInt(plan.reserve0 * plan.reserve1) > 1_000n, plan.exchangeId).toBe(true)
      } else {
        for (const position of plan.positions) expect(position.liquidity > 0n).toBe(true)
        ticks += new Set(plan.positions.flatMap((p) => [p.tickLower, p.tickUpper])).size
      }
    }
    expect(plans.filter((p) => p.kind === 'uniswap-v3')).toHaveLength(2_029)
    expect(plans.filter((p) => p.kind === 'uniswap-v4')).toHaveLength(406)
    expect(plans.filter((p) => p.kind === 'algebra-integral')).toHaveLength(277)
    expect(ticks).toBe(14_804)
  })
})

describe('computeV3Ladder', () => {
  it('widens the ranges quadratically and keeps a fifth or more on the full range', () => {
    expect(computeV3Ladder(60, 3)).toEqual({ widths: [120, 480, 1080], weights: [22, 26, 26, 26] })
    expect(computeV3Ladder(10, 0)).toEqual({ widths: [], weights: [100] })
  })
})

describe('computeDevnetVersion', () => {
  it('keys the large market apart from the small one', () => {
    expect(computeDevnetVersion('large')).toMatch(/^large-[0-9a-f]{16}$/)
    expect(computeDevnetVersion()).toMatch(/^[0-9a-f]{16}$/)
    expect(computeDevnetVersion('large').slice(6)).not.toBe(computeDevnetVersion())
  })
})
