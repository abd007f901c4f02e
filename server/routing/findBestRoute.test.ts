import { isAddressEqual } from 'viem'
import { describe, expect, it } from 'vitest'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { getAmountIn } from '../poolKinds/uniswapV2/getAmountIn'
import { getAmountOut } from '../poolKinds/uniswapV2/getAmountOut'
import { optimalParallelV2Split } from '../poolKinds/uniswapV2/optimalParallelV2Split'
import { simulateV3Swap } from '../poolKinds/uniswapV3/simulateV3Swap'
import { applyTransferFee } from './applyTransferFee'
import { computePriceImpact } from './computePriceImpact'
import { findBestRoute } from './findBestRoute'
import { findBestRoutePerExchange } from './findBestRoutePerExchange'
import { RoutingError } from './RoutingError'
import { toContractLegs } from './toContractLegs'
import type { PoolState } from './types'

const E18 = 10n ** 18n
const E6 = 10n ** 6n
const WETH = testAddress(0x1)
const USDC = testAddress(0x2)
const DAI = testAddress(0x3)
const TKN = testAddress(0x4)
const FOT = testAddress(0x5)
const connectors = [WETH, USDC, DAI]

function errorCode(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error: unknown) {
    return error instanceof RoutingError ? error.code : 'other'
  }
  return undefined
}

describe('findBestRoute: split across parallel V2 pools', () => {
  const uni = makeV2Pool({ id: 1, tokenA: WETH, tokenB: USDC, reserveA: 100n * E18, reserveB: 300_000n * E6 })
  const sushi = makeV2Pool({
    id: 2,
    tokenA: WETH,
    tokenB: USDC,
    reserveA: 60n * E18,
    reserveB: 181_000n * E6,
    exchangeId: 'sushiswap',
    factoryId: 2,
  })
  const pools = [uni, sushi]
  const amount = 10n * E18

  it('beats the best single pool and is within 1e-6 of the closed-form optimum', () => {
    const route = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    const single = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
      isSplit: false,
    })
    expect(route.legs).toHaveLength(2)
    expect(single.legs).toHaveLength(1)
    expect(route.amountOut > single.amountOut).toBe(true)

    const optimum = optimalParallelV2Split({
      pools: [uni, sushi].map((p) =>
        isAddressEqual(p.token0, WETH)
          ? { reserveIn: p.reserve0, reserveOut: p.reserve1, feeBps: 30 }
          : { reserveIn: p.reserve1, reserveOut: p.reserve0, feeBps: 30 },
      ),
      amountIn: amount,
    })
    const relativeGap = (optimum.amountOutReal - Number(route.amountOut)) / optimum.amountOutReal
    expect(relativeGap).toBeLessThan(1e-6)
    expect(relativeGap).toBeGreaterThan(-1e-9)

    const legSum = route.legs.reduce((s, l) => s + l.amountIn, 0n)
    expect(legSum).toBe(amount)
    for (const leg of route.legs) {
      const hop = leg.hops[0]
      const pool = hop?.pool
      if (pool?.kind !== 'uniswap-v2') throw new Error('expected a V2 hop')
      const [rIn, rOut] =
        pool.token0 === WETH ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
      expect(leg.amountOut).toBe(getAmountOut(leg.amountIn, rIn, rOut, 30))
    }
  })

  it('does not split when the extra leg costs more gas than it gains', () => {
    // 1 wei of native buys 3000e6/1e18 USDC units; gas 10000 gwei makes an extra V2 leg cost ~ 1950 USDC,
    // more than the ~1000 USDC a split gains here.
    const gas = { gasPriceWei: 10_000_000_000_000n, nativePriceInTokenOut: { num: 3000n * E6, den: E18 } }
    const small = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
      ...gas,
    })
    expect(small.legs).toHaveLength(1)
    // base 90 000 + one leg 5 000 + one V2 hop 60 000
    const expectedGas = 155_000n
    expect(small.gasUnits).toBe(expectedGas)
    expect(small.gasCostInToken).toBe((expectedGas * gas.gasPriceWei * 3000n * E6) / E18)
    const free = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    expect(free.legs).toHaveLength(2)
  })

  it('models no path whose first rate over the best single path could not pay for its own leg', () => {
    // sushi's first rate beats uni's last sixteenth by ~500 USDC a WETH: ~5,000 USDC on the 10 WETH at most,
    // against ~19,500 USDC (gas 1e5 gwei) or ~1,950 (1e4 gwei) for the gas of its leg (65,000 units)
    const modelled = (gasPriceWei: bigint) => {
      let count = -1
      findBestRoute({
        pools,
        tokenIn: WETH,
        tokenOut: USDC,
        tradeType: 'exactIn',
        amount,
        connectors,
        gasPriceWei,
        nativePriceInTokenOut: { num: 3000n * E6, den: E18 },
        onSearchStats: (stats) => {
          count = stats.modelled
        },
      })
      return count
    }
    expect(modelled(100_000_000_000_000n)).toBe(1)
    expect(modelled(10_000_000_000_000n)).toBe(2)
  })

  it('toContractLegs: amounts sum to the input, kinds and factory ids come from the pools', () => {
    const route = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    const legs = toContractLegs(route)
    expect(legs.reduce((s, l) => s + l.amount, 0n)).toBe(amount)
    expect(legs.flatMap((l) => l.hops.map((h) => [h.kind, h.fee, h.tokenIn, h.tokenOut]))).toEqual([
      [0, 0, WETH, USDC],
      [0, 0, WETH, USDC],
    ])
    expect(new Set(legs.flatMap((l) => l.hops.map((h) => h.factoryId)))).toEqual(new Set([0, 2]))
  })

  it('excludedExchanges and the per-exchange listing', () => {
    const onlyUni = findBestRoute({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
      excludedExchanges: ['sushiswap'],
    })
    expect(onlyUni.legs.map((l) => l.hops[0]?.pool.exchangeId)).toEqual(['uniswap-v2'])
    const perExchange = findBestRoutePerExchange({
      pools,
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    expect(perExchange.map((e) => e.exchangeId)).toEqual(['uniswap-v2', 'sushiswap'])
    expect(perExchange[0]?.route.amountOut).toBe(onlyUni.amountOut)
  })
})

describe('findBestRoute: multi-hop through a connector', () => {
  const direct = makeV2Pool({
    id: 1,
    tokenA: TKN,
    tokenB: USDC,
    reserveA: 1_000n * E18,
    reserveB: 1_000n * E6,
  })
  const tknWeth = makeV2Pool({
    id: 2,
    tokenA: TKN,
    tokenB: WETH,
    reserveA: 3_000_000n * E18,
    reserveB: 1_000n * E18,
  })
  const wethUsdc = makeV2Pool({
    id: 3,
    tokenA: WETH,
    tokenB: USDC,
    reserveA: 1_000n * E18,
    reserveB: 3_000_000n * E6,
  })
  const pools = [direct, tknWeth, wethUsdc]

  it('routes TKN -> WETH -> USDC when it beats the shallow direct pool, amounts hop by hop', () => {
    const amount = 500n * E18
    const route = findBestRoute({
      pools,
      tokenIn: TKN,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount,
      connectors,
      isSplit: false,
    })
    expect(route.legs).toHaveLength(1)
    const hops = route.legs[0]?.hops ?? []
    expect(hops.map((h) => h.tokenOut)).toEqual([WETH, USDC])
    const wethOut = getAmountOut(amount, 3_000_000n * E18, 1_000n * E18, 30)
    const usdcOut = getAmountOut(wethOut, 1_000n * E18, 3_000_000n * E6, 30)
    expect(route.amountOut).toBe(usdcOut)
    expect(usdcOut > getAmountOut(amount, 1_000n * E18, 1_000n * E6, 30)).toBe(true)
  })

  it('maxHops 1 falls back to the direct pool; no pools at all is NO_ROUTE', () => {
    const route = findBestRoute({
      pools,
      tokenIn: TKN,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount: E18,
      connectors,
      maxHops: 1,
    })
    expect(route.legs[0]?.hops).toHaveLength(1)
    expect(
      errorCode(() =>
        findBestRoute({ pools, tokenIn: TKN, tokenOut: DAI, tradeType: 'exactIn', amount: E18, connectors }),
      ),
    ).toBe('NO_ROUTE')
  })
})

describe('findBestRoute: exact output', () => {
  const pool = makeV2Pool({
    id: 1,
    tokenA: WETH,
    tokenB: USDC,
    reserveA: 100n * E18,
    reserveB: 300_000n * E6,
  })

  it('single hop: amountIn is the exact inverse (amountIn yields >= out, amountIn - 1 yields < out)', () => {
    for (const amountOut of [1n, 3_000n * E6, 12_345_678_901n, 299_999n * E6]) {
      const route = findBestRoute({
        pools: [pool],
        tokenIn: WETH,
        tokenOut: USDC,
        tradeType: 'exactOut',
        amount: amountOut,
        connectors,
      })
      expect(route.amountOut).toBe(amountOut)
      expect(getAmountOut(route.amountIn, 100n * E18, 300_000n * E6, 30) >= amountOut).toBe(true)
      expect(
        route.amountIn === 1n || getAmountOut(route.amountIn - 1n, 100n * E18, 300_000n * E6, 30) < amountOut,
      ).toBe(true)
    }
  })

  it('with an integrator fee the legs produce G = ceil(out*10000/(10000-fee))', () => {
    const amountOut = 1_000n * E6
    const route = findBestRoute({
      pools: [pool],
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactOut',
      amount: amountOut,
      connectors,
      feeBps: 30,
    })
    const gross = (amountOut * 10_000n + 9_969n) / 9_970n
    expect(route.amountOutGross).toBe(gross)
    expect(route.feeAmount).toBe(gross - amountOut)
    expect(route.amountIn).toBe(getAmountIn(gross, 100n * E18, 300_000n * E6, 30))
    expect(toContractLegs(route)[0]?.amount).toBe(gross)
  })

  it('split exact output: legs sum to the target and each leg input is the exact inverse of its output', () => {
    const second = makeV2Pool({
      id: 2,
      tokenA: WETH,
      tokenB: USDC,
      reserveA: 50n * E18,
      reserveB: 151_000n * E6,
      exchangeId: 'sushiswap',
    })
    const amountOut = 40_000n * E6
    const route = findBestRoute({
      pools: [pool, second],
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactOut',
      amount: amountOut,
      connectors,
    })
    expect(route.legs).toHaveLength(2)
    expect(route.legs.reduce((s, l) => s + l.amountOut, 0n)).toBe(amountOut)
    const single = findBestRoute({
      pools: [pool, second],
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactOut',
      amount: amountOut,
      connectors,
      isSplit: false,
    })
    expect(route.amountIn < single.amountIn).toBe(true)
  })

  it('more than the reserves is INSUFFICIENT_LIQUIDITY', () => {
    expect(
      errorCode(() =>
        findBestRoute({
          pools: [pool],
          tokenIn: WETH,
          tokenOut: USDC,
          tradeType: 'exactOut',
          amount: 300_000n * E6,
          connectors,
        }),
      ),
    ).toBe('INSUFFICIENT_LIQUIDITY')
  })
})

describe('findBestRoute: V3', () => {
  const [t0, t1] = [WETH, USDC]
  const v3 = makeV3Pool({
    id: 1,
    token0: t0,
    token1: t1,
    tick: 0,
    positions: [
      { lower: -600, upper: 600, liquidity: 10n * E18 },
      { lower: -120, upper: 120, liquidity: 30n * E18 },
      { lower: -60, upper: 60, liquidity: 50n * E18 },
    ],
  })

  it('exact in equals simulateV3Swap and counts crossed ticks into gas', () => {
    const amount = E18 / 2n
    const route = findBestRoute({
      pools: [v3],
      tokenIn: t0,
      tokenOut: t1,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    const sim = simulateV3Swap(v3, { zeroForOne: true, amountSpecified: amount })
    expect(sim.ticksCrossed).toBe(2)
    expect(route.amountOut).toBe(sim.amountOut)
    // base 90 000 + one leg 5 000 + one V3 hop 80 000 + two ticks crossed at 15 000
    expect(route.gasUnits).toBe(205_000n)
    expect(toContractLegs(route)[0]?.hops[0]).toEqual({
      kind: 1,
      factoryId: 1,
      tokenIn: t0,
      tokenOut: t1,
      fee: 3000,
    })
  })

  it('exact out inverse: the returned input buys at least the output', () => {
    const amountOut = (4n * E18) / 10n
    const route = findBestRoute({
      pools: [v3],
      tokenIn: t1,
      tokenOut: t0,
      tradeType: 'exactOut',
      amount: amountOut,
      connectors,
    })
    const forward = simulateV3Swap(v3, { zeroForOne: false, amountSpecified: route.amountIn })
    expect(forward.amountOut >= amountOut).toBe(true)
  })

  it('splits between a V3 pool and a parallel V2 pool when both are deep', () => {
    const v2 = makeV2Pool({ id: 9, tokenA: t0, tokenB: t1, reserveA: 20n * E18, reserveB: 20n * E18 })
    const pools: PoolState[] = [v3, v2]
    const amount = E18 / 2n
    const route = findBestRoute({
      pools,
      tokenIn: t0,
      tokenOut: t1,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    const onlyV3 = findBestRoute({
      pools: [v3],
      tokenIn: t0,
      tokenOut: t1,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    const onlyV2 = findBestRoute({
      pools: [v2],
      tokenIn: t0,
      tokenOut: t1,
      tradeType: 'exactIn',
      amount,
      connectors,
    })
    expect(route.legs).toHaveLength(2)
    expect(route.amountOut > onlyV3.amountOut && route.amountOut > onlyV2.amountOut).toBe(true)
  })
})

describe('findBestRoute: fee-on-transfer tokens', () => {
  const fotTokens = [{ address: FOT, transferFeeBps: 500 }]
  const v2 = makeV2Pool({
    id: 1,
    tokenA: FOT,
    tokenB: WETH,
    reserveA: 1_000_000n * E18,
    reserveB: 1_000n * E18,
  })
  const v3 = makeV3Pool({
    id: 2,
    token0: FOT,
    token1: WETH,
    tick: -69_120,
    tickSpacing: 60,
    positions: [{ lower: -887_220, upper: 887_220, liquidity: 100_000n * E18 }],
  })

  it('selling: taxes the pull and the transfer to the pair, and never uses a V3 pool for the taxed input', () => {
    const amount = 1_000n * E18
    const route = findBestRoute({
      pools: [v2, v3],
      tokenIn: FOT,
      tokenOut: WETH,
      tradeType: 'exactIn',
      amount,
      connectors,
      tokens: fotTokens,
    })
    expect(route.legs.every((l) => l.hops.every((h) => h.pool.kind === 'uniswap-v2'))).toBe(true)
    const received = applyTransferFee(amount, 500)
    const pairGets = applyTransferFee(received, 500)
    expect(route.legs[0]?.amountIn).toBe(received)
    expect(route.amountOut).toBe(getAmountOut(pairGets, 1_000_000n * E18, 1_000n * E18, 30))
  })

  it('buying: pool -> aggregator and aggregator -> receiver transfers are taxed, fee taken in between', () => {
    const amount = E18
    const route = findBestRoute({
      pools: [v2],
      tokenIn: WETH,
      tokenOut: FOT,
      tradeType: 'exactIn',
      amount,
      connectors,
      tokens: fotTokens,
      feeBps: 10,
    })
    const poolOut = getAmountOut(amount, 1_000n * E18, 1_000_000n * E18, 30)
    const gross = applyTransferFee(poolOut, 500)
    const fee = (gross * 10n) / 10_000n
    expect(route.amountOutGross).toBe(gross)
    expect(route.feeAmount).toBe(fee)
    expect(route.amountOut).toBe(applyTransferFee(gross - fee, 500))
  })

  it('exact output with a fee-on-transfer token is UNSUPPORTED_DIRECTION', () => {
    expect(
      errorCode(() =>
        findBestRoute({
          pools: [v2],
          tokenIn: WETH,
          tokenOut: FOT,
          tradeType: 'exactOut',
          amount: E18,
          connectors,
          tokens: fotTokens,
        }),
      ),
    ).toBe('UNSUPPORTED_DIRECTION')
  })
})

describe('computePriceImpact', () => {
  it('a tiny trade in a deep pool shows about the 0.3% LP fee; a large one much more', () => {
    const pool = makeV2Pool({
      id: 1,
      tokenA: WETH,
      tokenB: USDC,
      reserveA: 10_000n * E18,
      reserveB: 30_000_000n * E6,
    })
    const tiny = findBestRoute({
      pools: [pool],
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount: E18 / 1000n,
      connectors,
    })
    expect(computePriceImpact(tiny)).toBeCloseTo(0.003, 5)
    const large = findBestRoute({
      pools: [pool],
      tokenIn: WETH,
      tokenOut: USDC,
      tradeType: 'exactIn',
      amount: 1_000n * E18,
      connectors,
    })
    // 1 - 0.997 / (1 + 0.0997) for 10% of the reserve.
    expect(computePriceImpact(large)).toBeCloseTo(1 - 0.997 / (1 + 0.0997), 6)
  })
})

describe('findBestRoute: parameters', () => {
  const pool = makeV2Pool({
    id: 1,
    tokenA: WETH,
    tokenB: USDC,
    reserveA: 100n * E18,
    reserveB: 300_000n * E6,
  })
  it.each([[{ amount: 0n }], [{ tokenOut: WETH }], [{ feeBps: 1001 }], [{ maxHops: 4 }]])(
    'rejects %o as INVALID_PARAMS',
    (override) => {
      expect(
        errorCode(() =>
          findBestRoute({
            pools: [pool],
            tokenIn: WETH,
            tokenOut: USDC,
            tradeType: 'exactIn',
            amount: E18,
            connectors,
            ...override,
          }),
        ),
      ).toBe('INVALID_PARAMS')
    },
  )
})
