import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { createHopCache, type HopCache } from './createHopCache'
import { decomposeFlowLegs } from './decomposeFlowLegs'
import { findBestRoute } from './findBestRoute'
import { quoteRouteSteps } from './quoteRouteSteps'
import { searchFlowRoute } from './searchFlowRoute'
import { searchRoute } from './searchRoute'
import { makeMergePools } from './testMergePools'

const E18 = 10n ** 18n
// two A/B pools pour into one deep B/D pool: pool-disjoint legs cannot use both A/B pools through it
const { A, B, D, p1, p2, deep, direct } = makeMergePools()
const params = {
  pools: [p1, p2, deep, direct],
  tokenIn: A,
  tokenOut: D,
  tradeType: 'exactIn' as const,
  amount: 300n * E18,
  connectors: [B],
  feeBps: 10,
}

/** A hop memo that counts the pool slots a search asks for (a search that samples pools asks for more). */
const counted = () => {
  const cache = createHopCache()
  const count = { hops: 0 }
  const hopCache: HopCache = {
    ...cache,
    hops: (pool, slot) => {
      count.hops++
      return cache.hops(pool, slot)
    },
  }
  return { hopCache, count }
}

describe('findBestRoute with split-and-merge flows', () => {
  it('returns the flow when it beats every pool-disjoint split, with steps that pay its output exactly', () => {
    const route = findBestRoute(params)
    const legsOnly = searchRoute(params)
    expect(route.steps?.length).toBe(4)
    expect(route.amountOut).toBeGreaterThan(legsOnly.amountOut)
    const replay = quoteRouteSteps({
      tokenIn: A,
      tokenOut: D,
      amountIn: params.amount,
      steps: route.steps ?? [],
    })
    expect(replay?.amountOut).toBe(route.amountOutGross)
    expect(route.feeAmount).toBe((route.amountOutGross * 10n) / 10_000n)
    expect(route.amountOut).toBe(route.amountOutGross - route.feeAmount)
    // the legs describe the flow as paths from A to D: direct, and each A/B pool through the deep pool
    expect(route.legs.map((leg) => leg.hops.map((h) => h.pool.address)).sort()).toEqual(
      [[direct.address], [p1.address, deep.address], [p2.address, deep.address]].sort(),
    )
  })

  it('skips the flow search when spot rates show that no flow of two steps or more can pay its gas', () => {
    // gas at 1e13 D-wei per unit: one more step costs about 6.5e17 D-wei
    const gas = { gasPriceWei: 1n, nativePriceInTokenOut: { num: 10n ** 13n, den: 1n } }
    // 10 A: the direct pool's price impact (about 2.5e17) is below a second step's gas: only the leg search runs
    const small = { ...params, ...gas, amount: 10n * E18 }
    const legs = counted()
    searchRoute({ ...small, hopCache: legs.hopCache })
    const both = counted()
    expect(findBestRoute({ ...small, hopCache: both.hopCache }).steps).toBeUndefined()
    expect(both.count.hops).toBe(legs.count.hops)
    // 300 A: the spot bound leaves room for a flow, so the flow search samples pools too
    const large = counted()
    const legsLarge = counted()
    searchRoute({ ...params, ...gas, hopCache: legsLarge.hopCache })
    findBestRoute({ ...params, ...gas, hopCache: large.hopCache })
    expect(large.count.hops).toBeGreaterThan(legsLarge.count.hops)
  })

  it('skips the flow search where the shortest path has two hops and a third step would not pay its gas', () => {
    // no direct pool: any flow that is not the path A -> B -> D runs at least three steps, two more than the
    // path's two hops plus one leg (10,000 gas of legs, 60,000 of a V2 hop); at 5e12 D-wei per gas unit that
    // is 3.5e17, above what 10 A loses to price impact (about 1e17) though above a second step's 2.5e16
    const twoHops = { ...params, pools: [p1, p2, deep], amount: 10n * E18 }
    const gas = { gasPriceWei: 1n, nativePriceInTokenOut: { num: 5n * 10n ** 12n, den: 1n } }
    const legs = counted()
    searchRoute({ ...twoHops, ...gas, hopCache: legs.hopCache })
    const both = counted()
    expect(findBestRoute({ ...twoHops, ...gas, hopCache: both.hopCache }).legs[0]?.hops.length).toBe(2)
    expect(both.count.hops).toBe(legs.count.hops)
    // without gas the bound leaves room, and the flow search samples the pools
    const free = counted()
    findBestRoute({ ...twoHops, hopCache: free.hopCache })
    expect(free.count.hops).toBeGreaterThan(legs.count.hops)
  })

  it('solves over the pools that can take flow only, and finds the same route as without the others', () => {
    // five stale A/B pools, each pricing B at twice the market: none takes flow at the optimum
    const stale = [5, 6, 7, 8, 9].map((id) =>
      makeV2Pool({ id, tokenA: A, tokenB: B, reserveA: 100n * E18, reserveB: 50n * E18 }),
    )
    const plain = searchFlowRoute(params)
    const crowded = searchFlowRoute({ ...params, pools: [...params.pools, ...stale] })
    expect(crowded?.stats.edges).toBe(9)
    expect(crowded?.stats.workingEdges).toBe(4)
    expect(plain?.stats.workingEdges).toBe(4)
    expect(crowded?.amountOut).toBe(plain?.amountOut)
    expect(crowded?.steps.map((step) => [step.pool.address, step.amountIn])).toEqual(
      plain?.steps.map((step) => [step.pool.address, step.amountIn]),
    )
  })

  it('keeps pool-disjoint legs when a split-and-merge flow cannot beat them (isSplit false: one path)', () => {
    const route = findBestRoute({ ...params, isSplit: false })
    expect(route.steps).toBeUndefined()
    expect(route.legs.length).toBe(1)
  })
})

describe('findBestRoute when the best flow is pool-disjoint paths', () => {
  it('answers with legs that make the same swaps (existing clients take legs), not steps', () => {
    const a = testAddress(0x01)
    const b = testAddress(0x02)
    const specs: [bigint, bigint, number][] = [
      [1_000_000n, 1_000_000n, 30],
      [600_000n, 601_000n, 30],
      [250_000n, 250_500n, 25],
      [3_000_000n, 2_990_000n, 100],
      [80_000n, 80_200n, 5],
    ]
    const pools = specs.map(([ra, rb, fee], i) =>
      makeV2Pool({ id: 10 + i, tokenA: a, tokenB: b, reserveA: ra * E18, reserveB: rb * E18, feeBps: fee }),
    )
    const parallel = { pools, tokenIn: a, tokenOut: b, tradeType: 'exactIn' as const, amount: 1_000n * E18 }
    const route = findBestRoute({ ...parallel, connectors: [] })
    // the flow search as findBestRoute runs it: after the leg search, told what that found
    const legs = searchRoute({ ...parallel, connectors: [] })
    const flow = searchFlowRoute(
      { ...parallel, connectors: [] },
      {
        mustBeat: legs.amountOut - legs.gasCostInToken,
        foundAmountOut: legs.amountOutGross,
        foundHops: legs.legs.flatMap((leg) => leg.hops),
      },
    )
    // the flow search's refinement pays a little more than the leg search here, as parallel pools
    expect(flow?.amountOut).toBeGreaterThan(legs.amountOutGross)
    expect(route.steps).toBeUndefined()
    expect(route.amountOutGross).toBe(flow?.amountOut)
    expect(route.legs.map((leg) => [leg.amountIn, leg.hops[0]?.pool.address])).toEqual(
      (flow?.steps ?? []).map((step) => [step.amountIn, step.pool.address]),
    )
    expect(route.legs.reduce((sum, leg) => sum + leg.amountOut, 0n)).toBe(route.amountOutGross)
  })
})

describe('decomposeFlowLegs', () => {
  it('attributes a merged token to the paths that brought it, in proportion', () => {
    const steps = [
      {
        pool: p1,
        tokenIn: A,
        tokenOut: B,
        share: 5n * 10n ** 17n,
        amountIn: 60n,
        amountOut: 50n,
        ticksCrossed: 0,
      },
      {
        pool: p2,
        tokenIn: A,
        tokenOut: B,
        share: 10n ** 18n,
        amountIn: 40n,
        amountOut: 30n,
        ticksCrossed: 0,
      },
      {
        pool: deep,
        tokenIn: B,
        tokenOut: D,
        share: 10n ** 18n,
        amountIn: 80n,
        amountOut: 160n,
        ticksCrossed: 0,
      },
    ]
    const legs = decomposeFlowLegs(steps, A, D, 100n)
    expect(legs.map((l) => [l.amountIn, l.amountOut])).toEqual([
      [60n, 100n],
      [40n, 60n],
    ])
    expect(legs[0]?.hops.map((h) => [h.amountIn, h.amountOut])).toEqual([
      [60n, 50n],
      [50n, 100n],
    ])
  })
})
