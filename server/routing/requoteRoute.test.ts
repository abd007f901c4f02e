import { describe, expect, it } from 'vitest'
import { makeV2Pool } from '../poolKinds/testPools'
import { getAmountOut } from '../poolKinds/uniswapV2/getAmountOut'
import { createHopCache } from './createHopCache'
import { type FindBestRouteParams, findBestRoute } from './findBestRoute'
import { quoteRouteSteps } from './quoteRouteSteps'
import { requoteRoute } from './requoteRoute'
import { makeMergePools } from './testMergePools'

const E18 = 10n ** 18n
// a merge: A -> B over two pools into one deep B -> D pool, and a direct A -> D pool
const { A, B, D, pools: merge } = makeMergePools()
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
  it('quotes the plan of a nearby amount without a search, within 0.01 bp of a search of its own', () => {
    const cache = createHopCache()
    let searches = 0
    const counted = (amount: bigint) => ({
      ...request(merge, amount),
      hopCache: cache.forRequest(),
      onSearchStats: () => searches++,
    })
    const plan = findBestRoute(counted(300n * E18))
    expect(searches).toBe(1)
    const amount = 300n * E18 + 3n * 10n ** 17n
    const planned = findBestRoute(counted(amount))
    expect(searches).toBe(1)
    expect(planned.amountOut).toBe(requoteRoute(request(merge, amount), plan)?.amountOut)
    const searched = findBestRoute(request(merge, amount))
    expect(Number(searched.amountOut - planned.amountOut) / Number(searched.amountOut)).toBeLessThan(1e-6)
    // another pool list (a new snapshot) has no plans yet
    findBestRoute({ ...counted(amount), pools: [...merge] })
    expect(searches).toBe(2)
  })
})
