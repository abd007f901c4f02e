import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { evmChainIds } from '../server/chains/chainInfo'
import { getSqrtRatioAtTick } from '../server/poolKinds/uniswapV3/tickMath'
import {
  computeAmountForUsd,
  computeDevnetMarkets,
  computeGrossForTransferFee,
  computeLiquidityForAmounts,
  computeLongTailTvlUsd,
  computeSqrtPriceX96,
  computeV2Reserves,
  computeV3PositionAmounts,
  getDevnetExchanges,
  getDevnetPoolSpecs,
  getWrappedNativeSymbol,
  type MarketToken,
  type PoolPlan,
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

describe('getDevnetPoolSpecs', () => {
  it.each(evmChainIds)(
    'chain %i: five exchanges (six on Ethereum), deep majors, thin single-partner long tail',
    (chainId) => {
      const specs = getDevnetPoolSpecs(chainId)
      const exchanges = getDevnetExchanges(chainId)
      expect(exchanges).toHaveLength(chainId === 1 ? 6 : 5)
      const fork = chainId === 1
      expect(new Set(specs.map((s) => s.exchangeId))).toEqual(new Set(exchanges.map((e) => e.id)))
      const wrapped = getWrappedNativeSymbol(chainId)
      const main = specs.filter((s) => s.symbolA === wrapped && s.symbolB === 'USDC')
      expect(main.map((s) => [s.exchangeId, s.fee])).toEqual([
        ['uniswap-v3', 500],
        ['uniswap-v3', 3000],
        [exchanges[1]?.id, undefined],
        [exchanges[2]?.id, undefined],
        ['uniswap-v4', 500],
        ['uniswap-v4', 3000],
        ['algebra-integral', 500],
        ...(fork ? [['sushiswap-v3', 3000]] : []),
      ])
      expect(main.map((s) => s.tvlUsd)).toEqual([
        20_000_000,
        20_000_000,
        20_000_000,
        20_000_000,
        12_000_000,
        12_000_000,
        10_000_000,
        ...(fork ? [6_000_000] : []),
      ])
      expect(main.map((s) => s.native ?? false)).toEqual([
        false,
        false,
        false,
        false,
        true,
        false,
        false,
        ...(fork ? [false] : []),
      ])
      for (const token of getDevnetTokens(chainId).tokens.filter((t) => t.tags.includes('long-tail'))) {
        const pools = specs.filter((s) => s.symbolA === token.symbol || s.symbolB === token.symbol)
        const partners = new Set(pools.map((s) => (s.symbolA === token.symbol ? s.symbolB : s.symbolA)))
        expect(partners.size).toBe(1)
        expect(pools.every((s) => s.tvlUsd >= 20_000 && s.tvlUsd <= 200_000)).toBe(true)
        if (token.transferFeeBps) expect(pools.every((s) => s.kind === 'uniswap-v2')).toBe(true)
      }
      expect(specs.every((s) => s.offsetBps === 0)).toBe(true)
    },
  )

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
      0,
    ])
    expect(main.sqrtPriceX96).toBe(4339505179874779489431521n)
    expect(main.tick).toBe(-196257)
    expect(main.positions.map((p) => [p.tickLower, p.tickUpper])).toEqual([
      [-887270, 887270],
      [-196360, -196150],
      [-196760, -195750],
      [-198260, -194250],
    ])
    expect(main.positions[0]).toEqual({
      tickLower: -887270,
      tickUpper: 887270,
      amount0: 1333333333333333982186n,
      amount1: 4000000000000n,
      liquidity: 73029674334022184n,
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

describe('the devnet market at start', () => {
  /** Mid price of token0 in token1 (raw units) as a fraction, and the pool's fee in pips. */
  const midOf = (plan: PoolPlan): { num: bigint; den: bigint; feePips: bigint } =>
    plan.kind === 'uniswap-v2'
      ? { num: plan.reserve1, den: plan.reserve0, feePips: 3000n }
      : { num: plan.sqrtPriceX96 * plan.sqrtPriceX96, den: 2n ** 192n, feePips: BigInt(plan.fee) }

  it.each(evmChainIds)(
    'chain %i: no round trip between two venues of a pair pays after both fees',
    (chainId) => {
      const { tokens: specs, nativePriceSymbol } = getDevnetTokens(chainId)
      const tokens: MarketToken[] = [
        {
          address: weth.address,
          symbol: getWrappedNativeSymbol(chainId),
          decimals: 18,
          priceSymbol: nativePriceSymbol,
        },
        ...specs.map((t, i) => ({
          address: `0x${(0x20 + i).toString(16)}${'0'.repeat(38)}` as const,
          symbol: t.symbol,
          decimals: t.decimals,
          priceSymbol: t.priceSymbol,
        })),
      ]
      const plans = computeDevnetMarkets({ chainId, tokens })
      const profitable: string[] = []
      let pairsCompared = 0
      for (const a of plans) {
        for (const b of plans) {
          if (a === b || a.token0 !== b.token0 || a.token1 !== b.token1) continue
          pairsCompared++
          const [pa, pb] = [midOf(a), midOf(b)]
          // Buy token0 where it is cheap (b) and sell it where it is dear (a): pays iff
          // pa/pb * (1 - feeA) * (1 - feeB) > 1.
          if (
            pa.num * pb.den * (1_000_000n - pa.feePips) * (1_000_000n - pb.feePips) >
            pb.num * pa.den * 10n ** 12n
          ) {
            profitable.push(`${a.token0.symbol}/${a.token1.symbol} ${a.exchangeId} vs ${b.exchangeId}`)
          }
        }
      }
      expect(pairsCompared).toBeGreaterThan(20)
      expect(profitable).toEqual([])
    },
  )

  it('prices every venue at the price table to within 1e-9', () => {
    const plans = computeDevnetMarkets({
      chainId: 1,
      tokens: [
        weth,
        usdc,
        ...getDevnetTokens(1)
          .tokens.filter((t) => t.symbol !== 'USDC')
          .map((t, i) => ({
            address: `0x${(0x40 + i).toString(16)}${'0'.repeat(38)}` as const,
            symbol: t.symbol,
            decimals: t.decimals,
            priceSymbol: t.priceSymbol,
          })),
      ],
    })
    for (const plan of plans) {
      const { num, den } = midOf(plan)
      // Table price of token0 in token1, raw units: usd0 * 10^dec1 / (usd1 * 10^dec0).
      const tableNum = getUsdPriceE18(plan.token0.priceSymbol) * 10n ** BigInt(plan.token1.decimals)
      const tableDen = getUsdPriceE18(plan.token1.priceSymbol) * 10n ** BigInt(plan.token0.decimals)
      const diff = num * tableDen - tableNum * den
      expect((diff < 0n ? -diff : diff) * 10n ** 9n <= tableNum * den).toBe(true)
    }
  })
})

describe('exchange logos', () => {
  it('ships a logo file under public/ for every devnet exchange', () => {
    const publicDir = fileURLToPath(new URL('../public', import.meta.url))
    const logos = evmChainIds.flatMap((chainId) => getDevnetExchanges(chainId).map((e) => e.logo))
    expect(logos.filter((logo) => !existsSync(`${publicDir}${logo}`))).toEqual([])
    expect(new Set(logos).size).toBe(15)
  })
})
