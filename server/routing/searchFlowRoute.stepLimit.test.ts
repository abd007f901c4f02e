import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { MAX_ROUTE_STEPS } from './quoteRouteSteps'
import { searchFlowRoute } from './searchFlowRoute'

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const X = testAddress(0xb2)
const B = testAddress(0xc3)

describe('searchFlowRoute over more pools than the Aggregator runs steps', () => {
  it('leaves out the pools that deliver the least value, not those given the least of tokenIn', () => {
    // 30 direct A/B pools, and a feeder from A into X (2,000 X an A) whose onward pool pays 20 B an A: the
    // optimum pushes the feeder far, so it takes a few A (at A's marginal price, the least given) and delivers
    // the most; 32 pools, the Aggregator runs 24 steps
    const direct = Array.from({ length: 30 }, (_, i) =>
      makeV2Pool({ id: i, tokenA: A, tokenB: B, reserveA: 100n * E18, reserveB: 100n * E18 }),
    )
    const feeder = makeV2Pool({ id: 100, tokenA: A, tokenB: X, reserveA: 1n * E18, reserveB: 4_000n * E18 })
    const onward = makeV2Pool({
      id: 200,
      tokenA: X,
      tokenB: B,
      reserveA: 400_000n * E18,
      reserveB: 4_000n * E18,
    })
    const params = {
      tokenIn: A,
      tokenOut: B,
      tradeType: 'exactIn' as const,
      amount: 500n * E18,
      connectors: [X],
    }
    const route = searchFlowRoute({ ...params, pools: [...direct, feeder, onward] })
    const withoutFeeder = searchFlowRoute({ ...params, pools: [...direct, onward] })
    expect(route?.steps.length).toBe(MAX_ROUTE_STEPS)
    expect(route?.steps.some((step) => step.pool.address === feeder.address)).toBe(true)
    // by what they were given, the feeder went first and the route paid less than without it: 409.7 B
    expect(route?.amountOut ?? 0n).toBeGreaterThan(((withoutFeeder?.amountOut ?? 0n) * 105n) / 100n)
  })
})
