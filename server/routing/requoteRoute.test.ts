import { describe, expect, it } from 'vitest'
import { makeV2Pool } from '../poolKinds/testPools'
import { getAmountOut } from '../poolKinds/uniswapV2/getAmountOut'
import { createHopCache, MAX_PLAN_CARRIES } from './createHopCache'
import { type FindBestRouteParams, findBestRoute } from './findBestRoute'
import { quoteRouteSteps } from './quoteRouteSteps'
import { requoteRoute } from './requoteRoute'
import { makeMergePools } from './testMergePools'
import type { PoolState } from './types'

const E18 = 10n ** 18n
// a merge: A -> B over two pools into one deep B -> D pool, and a direct A -> D pool
const { A, B, D, p1, pools: merge } = makeMergePools()
// two parallel A -> D pools of different depth: a split over two legs
const left = makeV2Pool({ id: 5, tokenA: A, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
const right = makeV2Pool({ id: 6, tokenA: A, tokenB: D, reserveA: 300n * E18, reserveB: 300n * E18 })

const request = (pools: FindBestRouteParams['pools'], amount: bigint): FindBestRouteParams => ({
  pools,
  tokenIn: A,
  tokenOut: D,
  tradeType: 'exactIn',
  amount,
  connectors: [B],
})

describe('requoteRoute', () => {
  it("a split's legs scaled to the new amount (remainder to the largest), each quoted with the pool's exact math", () => {
    const plan = findBestRoute(request([left, right], 100n * E18))
    expect(plan.legs).toHaveLength(2)
    const route = requoteRoute(request([left, right], 101n * E18), plan)
    const scaled = plan.legs.map((leg) => (leg.amountIn * 101n) / 100n)
    const [, second = 0n] = scaled
    const expected = [101n * E18 - second, second].sort((x, y) => (y > x ? 1 : -1))
    expect(route?.legs.map((leg) => leg.amountIn)).toEqual(expected)
    for (const leg of route?.legs ?? []) {
      const pool = leg.hops[0]?.pool === left ? left : right
      const zeroForOne = pool.token0 === A
      const [reserveIn, reserveOut] = zeroForOne
        ? [pool.reserve0, pool.reserve1]
        : [pool.reserve1, pool.reserve0]
      expect(leg.amountOut).toBe(getAmountOut(leg.amountIn, reserveIn, reserveOut, pool.feeBps))
    }
    expect(route?.amountOut).toBe((route?.legs[0]?.amountOut ?? 0n) + (route?.legs[1]?.amountOut ?? 0n))
  })

  it("a flow's steps with the same shares, quoted as the Aggregator runs them", () => {
    const plan = findBestRoute(request(merge, 300n * E18))
    expect(plan.steps?.length).toBe(4)
    const amount = 303n * E18
    const route = requoteRoute(request(merge, amount), plan)
    const exact = quoteRouteSteps({ tokenIn: A, tokenOut: D, amountIn: amount, steps: plan.steps ?? [] })
    expect(route?.amountOut).toBe(exact?.amountOut)
    expect(route?.steps?.map((step) => step.share)).toEqual(plan.steps?.map((step) => step.share))
  })
})

describe('findBestRoute with a shared cache: plans for amounts within 2%', () => {
  /** Requests over `merge` sharing one cache, counting their searches. */
  const counting = () => {
    const cache = createHopCache()
    const stats = { searches: 0 }
    const counted = (amount: bigint) => ({
      ...request(merge, amount),
      hopCache: cache.forRequest(),
      onSearchStats: () => stats.searches++,
    })
    return { cache, stats, counted }
  }

  it('quotes the plan of a nearby amount without a search, within 0.01 bp of a search of its own', () => {
    const { stats, counted } = counting()
    const plan = findBestRoute(counted(300n * E18))
    expect(stats.searches).toBe(1)
    const amount = 300n * E18 + 3n * 10n ** 17n
    const planned = findBestRoute(counted(amount))
    expect(stats.searches).toBe(1)
    expect(planned.amountOut).toBe(requoteRoute(request(merge, amount), plan)?.amountOut)
    const searched = findBestRoute(request(merge, amount))
    expect(Number(searched.amountOut - planned.amountOut) / Number(searched.amountOut)).toBeLessThan(1e-6)
    // another pool list (a new snapshot) has no plans yet
    findBestRoute({ ...counted(amount), pools: [...merge] })
    expect(stats.searches).toBe(2)
  })

  it('memoizes a searched route by its exact amount, not a requoted plan: a repeat requotes it alike', () => {
    const { cache, stats, counted } = counting()
    const searched = findBestRoute(counted(300n * E18))
    const memoized = cache.routes(merge).size
    const plans = cache.plans(merge).size
    expect(memoized).toBeGreaterThan(0)
    expect(findBestRoute(counted(300n * E18))).toBe(searched)
    const amount = 301n * E18
    const planned = findBestRoute(counted(amount))
    const again = findBestRoute(counted(amount))
    expect([stats.searches, cache.routes(merge).size, cache.plans(merge).size]).toEqual([1, memoized, plans])
    expect(again).not.toBe(planned)
    expect(again).toEqual(planned)
    expect(again.amountOut).toBe(requoteRoute(request(merge, amount), searched)?.amountOut)
  })
})

describe('findBestRoute with a shared cache: plans carried to the next snapshots', () => {
  /** `merge` after blocks that moved p1 (the same address, deeper by `tenths` of a percent): a new pool list. */
  const moved = (tenths: bigint): PoolState[] => {
    const reserve = (1_000n + tenths) * E18
    return [
      makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: reserve, reserveB: reserve }),
      ...merge.slice(1),
    ]
  }
  const counting = () => {
    const cache = createHopCache()
    const stats = { searches: 0 }
    const counted = (pools: FindBestRouteParams['pools'], amount: bigint, gasPriceWei = 1_000_000_000n) => ({
      ...request(pools, amount),
      gasPriceWei,
      nativePriceInTokenOut: { num: 1n, den: 1_000n },
      hopCache: cache.forRequest(),
      onSearchStats: () => stats.searches++,
    })
    return { cache, stats, counted }
  }

  it('quotes a carried plan exactly on the moved pool, without a search, for a few snapshots at most', () => {
    const { cache, stats, counted } = counting()
    const plan = findBestRoute(counted(merge, 300n * E18))
    expect(stats.searches).toBe(1)
    let from: readonly PoolState[] = merge
    for (let carry = 1; carry <= MAX_PLAN_CARRIES; carry++) {
      const to = moved(BigInt(carry))
      cache.carryPlans(from, to)
      const route = findBestRoute(counted(to, 303n * E18))
      expect(stats.searches).toBe(1)
      expect(plan.steps).toBeDefined()
      const onNewPools = {
        ...plan,
        steps: plan.steps?.map((step) => ({
          ...step,
          pool: to.find((p) => p.address === step.pool.address) ?? step.pool,
        })),
      }
      const exact = requoteRoute(request(to, 303n * E18), onNewPools)?.amountOut
      expect(route.amountOut).toBe(exact)
      expect(route.amountOut).not.toBe(requoteRoute(request(merge, 303n * E18), plan)?.amountOut)
      // p1 deeper by 0.1% a block: a plan a few blocks old stays within 0.01 bp of a search of its own
      const searched = findBestRoute(request(to, 303n * E18)).amountOut
      expect(Number(searched - route.amountOut) / Number(searched)).toBeLessThan(1e-6)
      // the route's pools are the new snapshot's objects: the transaction is built on the state it was quoted on
      expect(route.steps?.every((step) => to.includes(step.pool))).toBe(true)
      expect(route.steps?.some((step) => step.pool !== p1 && step.pool.address === p1.address)).toBe(true)
      from = to
    }
    const last = moved(BigInt(MAX_PLAN_CARRIES + 1))
    cache.carryPlans(from, last)
    findBestRoute(counted(last, 303n * E18))
    expect(stats.searches).toBe(2)
  })

  it('shares plans between gas prices within 2%, and searches for one twice as high', () => {
    const { stats, counted } = counting()
    findBestRoute(counted(merge, 300n * E18, 1_000_000_000n))
    findBestRoute(counted(merge, 301n * E18, 1_005_000_000n))
    expect(stats.searches).toBe(1)
    findBestRoute(counted(merge, 302n * E18, 2_000_000_000n))
    expect(stats.searches).toBe(2)
  })

  it('leaves behind a plan over a pool the next snapshot lacks, and a list that has plans already', () => {
    const { cache, stats, counted } = counting()
    findBestRoute(counted(merge, 300n * E18))
    const withoutP1 = merge.slice(1)
    cache.carryPlans(merge, withoutP1)
    findBestRoute(counted(withoutP1, 303n * E18))
    expect(stats.searches).toBe(2)
    const next = moved(1n)
    findBestRoute(counted(next, 303n * E18))
    expect(stats.searches).toBe(3)
    const before = cache.plans(next).size
    cache.carryPlans(merge, next)
    expect(cache.plans(next).size).toBe(before)
  })
})
