import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { evmChainIds } from '../chains/chainInfo'
import { getSqrtRatioAtTick } from '../poolKinds/uniswapV3/tickMath'
import {
  computeAmountForUsd,
  computeDevnetMarkets,
  computeGrossForTransferFee,
  computeLiquidityForAmounts,
  computeLongTailTvlUsd,
  computeSqrtPriceX96,
  computeV2Reserves,
  computeV3PositionAmounts,
  computeVenueOffsetsBps,
  getDevnetExchanges,
  getDevnetPoolSpecs,
  getWrappedNativeSymbol,
  type MarketToken,
  sqrtBigInt,
  type V3PoolPlan,
} from './markets'
import { getUsdPriceE18 } from './prices'
import { getDevnetTokens } from './tokens'

const weth: MarketToken = {
  address: '0x1000000000000000000000000000000000000000',
  symbol: 'WETH',
  decimals: 18,
  priceSymbol: 'ETH',
}
const usdc: MarketToken = {
  address: '0x2000000000000000000000000000000000000000',
  symbol: 'USDC',
  decimals: 6,
  priceSymbol: 'USD',
}
const usdcLow: MarketToken = { ...usdc, address: '0x0000000000000000000000000000000000000001' }
const dai: MarketToken = {
  address: '0x3000000000000000000000000000000000000000',
  symbol: 'DAI',
  decimals: 18,
  priceSymbol: 'USD',
}
const usdt: MarketToken = {
  address: '0x4000000000000000000000000000000000000000',
  symbol: 'USDT',
  decimals: 18,
  priceSymbol: 'USD',
}

describe('computeV2Reserves', () => {
  it('splits the TVL evenly and applies the offset to B', () => {
    expect(computeV2Reserves({ tokenA: weth, tokenB: usdc, tvlUsd: 20_000_000, offsetBps: 7 })).toEqual({
      token0: weth,
      token1: usdc,
      reserve0: 3333333333333333333333n,
      reserve1: 10007000000000n,
    })
  })

  it('orders reserves by token address', () => {
    expect(computeV2Reserves({ tokenA: weth, tokenB: usdcLow, tvlUsd: 20_000_000, offsetBps: -30 })).toEqual({
      token0: usdcLow,
      token1: weth,
      reserve0: 9970000000000n,
      reserve1: 3333333333333333333333n,
    })
  })
})

describe('computeSqrtPriceX96', () => {
  it.each([
    [weth, usdc, 0, 4339505179874779489431521n],
    [weth, usdc, 7, 4341023740986030857336334n],
    [weth, usdc, -30, 4332991032824965605416037n],
    [weth, usdcLow, 7, 1445995716660348042149273833073345n],
    [usdc, dai, 0, 79228162514264337593543950336000000n],
    [dai, usdt, 0, 79228162514264337593543950336n],
  ])('%#: %o in %o at %i bps', (a, b, offsetBps, expected) => {
    expect(computeSqrtPriceX96({ tokenA: a, tokenB: b, offsetBps })).toBe(expected)
  })
})

describe('sqrtBigInt', () => {
  it.each([
    [0n, 0n],
    [1n, 1n],
    [3n, 1n],
    [4n, 2n],
    [2n ** 192n, 2n ** 96n],
    [2n ** 192n - 1n, 2n ** 96n - 1n],
  ])('floor sqrt of %s is %s', (value, root) => {
    expect(sqrtBigInt(value)).toBe(root)
  })
})

describe('V3 position math', () => {
  it('charges rounded-up amounts and mints the liquidity the position manager derives', () => {
    const amounts = computeV3PositionAmounts({
      sqrtPriceX96: 2n ** 96n,
      tickLower: -60,
      tickUpper: 60,
      liquidity: 10n ** 18n,
    })
    expect(amounts).toEqual({ amount0: 2995354955910781n, amount1: 2995354955910781n })
    expect(
      computeLiquidityForAmounts({ sqrtPriceX96: 2n ** 96n, tickLower: -60, tickUpper: 60, ...amounts }),
    ).toBe(1000000000000000020n)
  })

  it('rejects a price outside the range', () => {
    expect(() =>
      computeV3PositionAmounts({
        sqrtPriceX96: getSqrtRatioAtTick(60),
        tickLower: -60,
        tickUpper: 60,
        liquidity: 1n,
      }),
    ).toThrow(RangeError)
  })
})

describe('computeGrossForTransferFee', () => {
  it.each([
    [9800n, 200, 10000n],
    [9801n, 200, 10002n],
    [1n, 200, 2n],
    [12345n, 0, 12345n],
  ])('%s received after %i bps needs %s sent', (received, feeBps, gross) => {
    expect(computeGrossForTransferFee(received, feeBps)).toBe(gross)
    expect(gross - (gross * BigInt(feeBps)) / 10_000n).toBeGreaterThanOrEqual(received)
  })
})

describe('computeAmountForUsd', () => {
  it.each([
    [usdc, 25_000, 25_000_000_000n],
    [weth, 25_000, 8333333333333333333n],
    [{ decimals: 8, priceSymbol: 'BTC' } as const, 65_000, 100_000_000n],
  ])('%#', (token, usd, amount) => {
    expect(computeAmountForUsd(token, usd)).toBe(amount)
  })
})

describe('computeVenueOffsetsBps', () => {
  it('is deterministic and spreads venues over +-0.3%', () => {
    expect(computeVenueOffsetsBps('1:WETH/USDC', 4)).toEqual([-30, 30, 7, -10])
    expect(computeVenueOffsetsBps('1:WETH/USDC', 4)).toEqual(computeVenueOffsetsBps('1:WETH/USDC', 4))
    for (const count of [2, 3, 4, 5]) {
      const offsets = computeVenueOffsetsBps(`label-${count}`, count)
      expect(Math.max(...offsets)).toBeLessThanOrEqual(30)
      expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-30)
      expect(Math.max(...offsets) - Math.min(...offsets)).toBeGreaterThanOrEqual(50)
    }
  })
})

describe('getDevnetPoolSpecs', () => {
  it.each(evmChainIds)('chain %i: three exchanges, deep majors, thin single-partner long tail', (chainId) => {
    const specs = getDevnetPoolSpecs(chainId)
    const exchanges = getDevnetExchanges(chainId)
    expect(exchanges).toHaveLength(3)
    expect(new Set(specs.map((s) => s.exchangeId))).toEqual(new Set(exchanges.map((e) => e.id)))
    const wrapped = getWrappedNativeSymbol(chainId)
    const main = specs.filter((s) => s.symbolA === wrapped && s.symbolB === 'USDC')
    expect(main.map((s) => [s.exchangeId, s.fee])).toEqual([
      ['uniswap-v3', 500],
      ['uniswap-v3', 3000],
      [exchanges[1]?.id, undefined],
      [exchanges[2]?.id, undefined],
    ])
    expect(main.every((s) => s.tvlUsd === 20_000_000)).toBe(true)
    for (const token of getDevnetTokens(chainId).tokens.filter((t) => t.tags.includes('long-tail'))) {
      const pools = specs.filter((s) => s.symbolA === token.symbol || s.symbolB === token.symbol)
      const partners = new Set(pools.map((s) => (s.symbolA === token.symbol ? s.symbolB : s.symbolA)))
      expect(partners.size).toBe(1)
      expect(pools.every((s) => s.tvlUsd >= 20_000 && s.tvlUsd <= 200_000)).toBe(true)
      if (token.transferFeeBps) expect(pools.every((s) => s.kind === 'uniswap-v2')).toBe(true)
    }
    expect(specs.every((s) => Math.abs(s.offsetBps) <= 30)).toBe(true)
  })

  it('derives long-tail TVL from the seed', () => {
    expect(computeLongTailTvlUsd('1:PEPE:tvl')).toBe(187_000)
    expect(computeLongTailTvlUsd('1:SHIB:tvl')).toBe(46_000)
  })
})

describe('computeDevnetMarkets', () => {
  const tokens: MarketToken[] = [
    weth,
    ...getDevnetTokens(1).tokens.map((t, i) => ({
      address: `0x${(0x20 + i).toString(16)}${'0'.repeat(38)}` as const,
      symbol: t.symbol,
      decimals: t.decimals,
      priceSymbol: t.priceSymbol,
    })),
  ]
  const plans = computeDevnetMarkets({ chainId: 1, tokens })

  it('plans the main V3 pool with aligned ranges around the price', () => {
    const main = plans[0] as V3PoolPlan
    expect(main.kind).toBe('uniswap-v3')
    expect([main.token0.symbol, main.token1.symbol, main.fee, main.offsetBps]).toEqual([
      'WETH',
      'USDC',
      500,
      -30,
    ])
    expect(main.sqrtPriceX96).toBe(4332991032824965605416037n)
    expect(main.tick).toBe(-196287)
    expect(main.positions.map((p) => [p.tickLower, p.tickUpper])).toEqual([
      [-887270, 887270],
      [-196390, -196180],
      [-196790, -195780],
      [-198290, -194280],
    ])
    expect(main.positions[0]).toEqual({
      tickLower: -887270,
      tickUpper: 887270,
      amount0: 1335336337840094131307n,
      amount1: 3993990986480n,
      liquidity: 73029591928561235n,
    })
  })

  it('keeps every V3 position in range, aligned, and worth its share of the TVL', () => {
    const usdE18 = (amount: bigint, token: MarketToken) =>
      (amount * getUsdPriceE18(token.priceSymbol)) / 10n ** BigInt(token.decimals)
    for (const plan of plans) {
      if (plan.kind !== 'uniswap-v3') continue
      let totalE18 = 0n
      for (const p of plan.positions) {
        expect(Math.abs(p.tickLower % plan.tickSpacing)).toBe(0)
        expect(Math.abs(p.tickUpper % plan.tickSpacing)).toBe(0)
        expect(p.tickLower <= plan.tick && plan.tick < p.tickUpper).toBe(true)
        totalE18 += usdE18(p.amount0, plan.token0) + usdE18(p.amount1, plan.token1)
      }
      const tvlE18 = BigInt(plan.tvlUsd) * 10n ** 18n
      expect(totalE18 * 1000n >= tvlE18 * 999n && totalE18 * 1000n <= tvlE18 * 1001n).toBe(true)
    }
  })

  it('throws when a token is missing', () => {
    expect(() => computeDevnetMarkets({ chainId: 1, tokens: [weth] })).toThrow(/Missing token/)
  })
})

describe('exchange logos', () => {
  it('ships a logo file under public/ for every devnet exchange', () => {
    const publicDir = fileURLToPath(new URL('../../public', import.meta.url))
    const logos = evmChainIds.flatMap((chainId) => getDevnetExchanges(chainId).map((e) => e.logo))
    expect(logos.filter((logo) => !existsSync(`${publicDir}${logo}`))).toEqual([])
    expect(new Set(logos).size).toBe(12)
  })
})
