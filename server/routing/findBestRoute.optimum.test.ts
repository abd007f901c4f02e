import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { getAmountOut } from '../poolKinds/uniswapV2/getAmountOut'
import type { V2PoolState } from '../poolKinds/uniswapV2/V2PoolState'
import { createHopCache } from './createHopCache'
import { findBestRoute } from './findBestRoute'
import { findBestRoutePerExchange } from './findBestRoutePerExchange'

/*
 * Route quality on crafted V2 pool sets, against an optimum computed here without the router: every
 * pool-disjoint set of one or two of the pair's paths, each two-path set split by exact ternary search over the
 * integer amount with the closed-form V2 output (the sum is concave in the split).
 */

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const M = testAddress(0xc3)

/** A path as pools in order, starting from `from`. */
interface TestPath {
  from: Address
  pools: readonly V2PoolState[]
}

function pathOut(path: TestPath, amountIn: bigint): bigint {
  if (amountIn === 0n) return 0n
  let token = path.from
  let amount = amountIn
  for (const pool of path.pools) {
    const zeroForOne = pool.token0.toLowerCase() === token.toLowerCase()
    const [reserveIn, reserveOut] = zeroForOne
      ? [pool.reserve0, pool.reserve1]
      : [pool.reserve1, pool.reserve0]
    amount = getAmountOut(amount, reserveIn, reserveOut, pool.feeBps)
    token = zeroForOne ? pool.token1 : pool.token0
  }
  return amount
}

/** max over x of pathOut(p, x) + pathOut(q, total - x), by ternary search then a scan of the last few. */
function bestSplitOfTwo(p: TestPath, q: TestPath, total: bigint): bigint {
  const f = (x: bigint) => pathOut(p, x) + pathOut(q, total - x)
  let lo = 0n
  let hi = total
  while (hi - lo > 8n) {
    const m1 = lo + (hi - lo) / 3n
    const m2 = hi - (hi - lo) / 3n
    if (f(m1) < f(m2)) lo = m1
    else hi = m2
  }
  let best = 0n
  for (let x = lo; x <= hi; x++) best = maxOf(best, f(x))
  return best
}

/** The optimum over every single path and every pool-disjoint pair of paths. */
function pairOptimum(paths: readonly TestPath[], total: bigint): bigint {
  let best = 0n
  for (const p of paths) best = maxOf(best, pathOut(p, total))
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const p = paths[i]
      const q = paths[j]
      if (!p || !q || p.pools.some((pool) => q.pools.includes(pool))) continue
      best = maxOf(best, bestSplitOfTwo(p, q, total))
    }
  }
  return best
}

/** The larger of two bigints. */
function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}

/** Shortfall of `got` below `optimum` in basis points (negative: above). */
function shortfallBps(optimum: bigint, got: bigint): number {
  return Number(((optimum - got) * 1_000_000n) / optimum) / 100
}

describe('findBestRoute: the optimum of pool-disjoint splits', () => {
  it('mechanism 1: exchanges the continuations the first chunk picked (deep pool, then deep pool)', () => {
    // A -> M: a deep and a shallower pool. M -> B: a shallower pool 2% cheaper and a deep one. At a small amount
    // the best path is deep -> cheap, which locks both; the optimum pairs deep with deep and shallow with cheap.
    const deepAM = makeV2Pool({
      id: 1,
      tokenA: A,
      tokenB: M,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const shallowAM = makeV2Pool({
      id: 2,
      tokenA: A,
      tokenB: M,
      reserveA: 200_000n * E18,
      reserveB: 200_000n * E18,
    })
    const cheapMB = makeV2Pool({
      id: 3,
      tokenA: M,
      tokenB: B,
      reserveA: 300_000n * E18,
      reserveB: 306_000n * E18,
    })
    const deepMB = makeV2Pool({
      id: 4,
      tokenA: M,
      tokenB: B,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const pools = [deepAM, shallowAM, cheapMB, deepMB]
    const paths = [deepAM, shallowAM].flatMap((first) =>
      [cheapMB, deepMB].map((second) => ({ from: A, pools: [first, second] })),
    )
    for (const units of [150_000n, 400_000n]) {
      const amount = units * E18
      const route = findBestRoute({
        pools,
        tokenIn: A,
        tokenOut: B,
        tradeType: 'exactIn',
        amount,
        connectors: [M],
      })
      const optimum = pairOptimum(paths, amount)
      expect(shortfallBps(optimum, route.amountOut)).toBeLessThanOrEqual(1)
      expect(route.legs.some((leg) => leg.hops[0]?.pool === deepAM && leg.hops[1]?.pool === deepMB)).toBe(
        true,
      )
    }
  })

  it('mechanism 2: keeps a good split when the first split found is worse than the best single path', () => {
    // Paths A -> M -> B through one deep A-M pool and either a smaller M-B pool 2% cheaper or a deep one, and a
    // direct A-B pool. Starting from the cheap continuation, the split {cheap, direct} is worse than the deep single
    // path; the optimum splits deep path + direct pool.
    const deepAM = makeV2Pool({
      id: 1,
      tokenA: A,
      tokenB: M,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const cheapMB = makeV2Pool({
      id: 2,
      tokenA: M,
      tokenB: B,
      reserveA: 100_000n * E18,
      reserveB: 102_000n * E18,
    })
    const deepMB = makeV2Pool({
      id: 3,
      tokenA: M,
      tokenB: B,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const direct = makeV2Pool({
      id: 4,
      tokenA: A,
      tokenB: B,
      reserveA: 300_000n * E18,
      reserveB: 298_500n * E18,
    })
    const pools = [deepAM, cheapMB, deepMB, direct]
    const paths = [
      { from: A, pools: [deepAM, cheapMB] },
      { from: A, pools: [deepAM, deepMB] },
      { from: A, pools: [direct] },
    ]
    for (const units of [50_000n, 100_000n]) {
      const amount = units * E18
      const route = findBestRoute({
        pools,
        tokenIn: A,
        tokenOut: B,
        tradeType: 'exactIn',
        amount,
        connectors: [M],
      })
      const optimum = pairOptimum(paths, amount)
      const bestSingle = paths.map((p) => pathOut(p, amount)).reduce(maxOf)
      expect(optimum).toBeGreaterThan(bestSingle)
      expect(shortfallBps(optimum, route.amountOut)).toBeLessThanOrEqual(1)
      expect(route.legs.map((leg) => leg.hops.map((hop) => hop.pool.address))).toEqual(
        expect.arrayContaining([[deepAM.address, deepMB.address], [direct.address]]),
      )
    }
  })

  it('is never below the best route of one exchange of the same request', () => {
    // Exchange "y" has eight three-hop paths A -> M -> Ci -> B that all run through one deep A-M pool (so a
    // split cannot use two of them); each beats either path of exchange "x" alone at both probe sizes, so
    // they fill the candidate token paths. Exchange "x" has two pool-disjoint two-hop paths whose split beats
    // any single path of "y"; a flow of "y" through the shared pool beats that split.
    const tokens = Array.from({ length: 8 }, (_, i) => testAddress(0xd0 + i))
    const d1 = testAddress(0xe1)
    const d2 = testAddress(0xe2)
    const y = { exchangeId: 'y', factoryId: 1 }
    const x = { exchangeId: 'x', factoryId: 2 }
    const big = 10_000_000n * E18
    const pools = [
      makeV2Pool({ id: 1, tokenA: A, tokenB: M, reserveA: big, reserveB: big, ...y }),
      ...tokens.flatMap((c, i) => [
        makeV2Pool({ id: 10 + i, tokenA: M, tokenB: c, reserveA: big, reserveB: big, ...y }),
        makeV2Pool({
          id: 20 + i,
          tokenA: c,
          tokenB: B,
          reserveA: 100_000n * E18,
          reserveB: 100_000n * E18,
          ...y,
        }),
      ]),
      ...[d1, d2].flatMap((d, i) => [
        makeV2Pool({ id: 30 + i, tokenA: A, tokenB: d, reserveA: big, reserveB: big, ...x }),
        makeV2Pool({
          id: 40 + i,
          tokenA: d,
          tokenB: B,
          reserveA: 80_000n * E18,
          reserveB: 79_600n * E18,
          ...x,
        }),
      ]),
    ]
    const params = {
      pools,
      tokenIn: A,
      tokenOut: B,
      tradeType: 'exactIn' as const,
      amount: 2_000n * E18,
      connectors: [M, ...tokens, d1, d2],
    }
    const best = findBestRoute(params)
    const perExchange = findBestRoutePerExchange(params)
    const onX = perExchange.find((r) => r.exchangeId === 'x')?.route
    const onY = perExchange.find((r) => r.exchangeId === 'y')?.route
    expect(onX?.legs).toHaveLength(2)
    // exchange "y" alone routes as a flow that shares the A-M pool and fans out over the Ci
    expect(onY?.steps?.length).toBe(17)
    expect(best.amountOut >= (onX?.amountOut ?? 0n) && best.amountOut >= (onY?.amountOut ?? 0n)).toBe(true)
  })
  it('with a hop cache, the per-exchange listing is the routes the best-route search already found', () => {
    const E6 = 10n ** 6n
    const pools = [
      makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 100n * E18, reserveB: 300_000n * E6 }),
      makeV2Pool({
        id: 2,
        tokenA: A,
        tokenB: B,
        reserveA: 60n * E18,
        reserveB: 181_000n * E6,
        exchangeId: 'sushi',
      }),
    ]
    const params = {
      pools,
      tokenIn: A,
      tokenOut: B,
      tradeType: 'exactIn' as const,
      amount: 5n * E18,
      connectors: [],
      hopCache: createHopCache(),
    }
    const best = findBestRoute(params)
    const first = findBestRoutePerExchange(params)
    const again = findBestRoutePerExchange({ ...params })
    expect(first.map((r) => r.exchangeId)).toEqual(['uniswap-v2', 'sushi'])
    expect(again.map((r) => r.route)).toEqual(first.map((r) => r.route))
    expect(again[0]?.route).toBe(first[0]?.route)
    expect(findBestRoute({ ...params })).toBe(best)
  })
})

describe('findBestRoute: amounts that only a split can take', () => {
  it('exact output beyond any one pool: legs sum to the target, each input the exact V2 inverse', () => {
    const pools = [
      makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 60n * E18 }),
      makeV2Pool({ id: 2, tokenA: A, tokenB: B, reserveA: 800n * E18, reserveB: 45n * E18 }),
    ]
    // 100 of B: the pools hold 60 and 45, so each leg runs close to its pool's capacity.
    const amount = 100n * E18
    const route = findBestRoute({
      pools,
      tokenIn: A,
      tokenOut: B,
      tradeType: 'exactOut',
      amount,
      connectors: [],
    })
    expect(route.legs).toHaveLength(2)
    expect(route.legs.reduce((sum, leg) => sum + leg.amountOut, 0n)).toBe(amount)
    for (const leg of route.legs) {
      const pool = pools.find((p) => p === leg.hops[0]?.pool)
      if (!pool) throw new Error('leg through an unknown pool')
      const [reserveIn, reserveOut] =
        pool.token0 === A ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
      expect(getAmountOut(leg.amountIn, reserveIn, reserveOut, pool.feeBps)).toBeGreaterThanOrEqual(
        leg.amountOut,
      )
      expect(getAmountOut(leg.amountIn - 1n, reserveIn, reserveOut, pool.feeBps)).toBeLessThan(leg.amountOut)
    }
  })
})
