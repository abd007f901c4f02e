import { describe, expect, it } from 'vitest'
import { flowOptimumBound } from '../../bench/flowOptimumBound'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import type { V2PoolState } from '../poolKinds/uniswapV2/V2PoolState'
import { findBestRoute } from './findBestRoute'
import { quoteRouteSteps } from './quoteRouteSteps'

/*
 * The three mechanisms of issue 17 on crafted V2 pool sets, against the optimum over ANY split-and-merge flow:
 * `flowOptimumBound` (bench/) bounds every flow's output from above by weak duality, computed without the router
 * (coordinate minimisation over token prices with each pool's closed-form response). The router's route is
 * feasible, so router <= optimum <= bound: a router within 1 bp of the bound is within 1 bp of the optimum.
 */

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const M = testAddress(0xc3)
const N = testAddress(0xd4)

function pool(id: number, a: typeof A, b: typeof A, ra: bigint, rb: bigint, feeBps = 30): V2PoolState {
  return makeV2Pool({ id, tokenA: a, tokenB: b, reserveA: ra * E18, reserveB: rb * E18, feeBps })
}

/** Shortfall of `got` below the bound in basis points (negative: above it, impossible for a valid bound). */
function shortfallBps(bound: number, got: bigint): number {
  return ((bound - Number(got)) / bound) * 10_000
}

/** Routes A -> B over `pools` and returns the router's exact output and its shortfall below the flow bound. */
function routeAgainstBound(pools: readonly V2PoolState[], connectors: readonly (typeof A)[], amount: bigint) {
  const route = findBestRoute({ pools, tokenIn: A, tokenOut: B, tradeType: 'exactIn', amount, connectors })
  const bound = flowOptimumBound({ pools, tokenIn: A, tokenOut: B, amountIn: amount })
  if (!bound) throw new Error('no bound')
  if (route.steps) {
    const replay = quoteRouteSteps({ tokenIn: A, tokenOut: B, amountIn: amount, steps: route.steps })
    expect(replay?.amountOut).toBe(route.amountOutGross)
  }
  return { route, shortfall: shortfallBps(bound.bound, route.amountOut) }
}

describe('findBestRoute: within 1 bp of the optimum split-and-merge flow', () => {
  it('mechanism 1 (first-chunk lock): deep and shallow A-M pools, cheap and deep M-B pools', () => {
    const pools = [
      pool(1, A, M, 1_000_000n, 1_000_000n),
      pool(2, A, M, 200_000n, 200_000n),
      pool(3, M, B, 300_000n, 306_000n),
      pool(4, M, B, 1_000_000n, 1_000_000n),
    ]
    for (const units of [150_000n, 400_000n]) {
      const { route, shortfall } = routeAgainstBound(pools, [M], units * E18)
      expect(shortfall).toBeGreaterThanOrEqual(0)
      expect(shortfall).toBeLessThan(1)
      // the optimum uses all four pools: both A-M pools pour into M, which both M-B pools drain
      expect(new Set(route.legs.flatMap((leg) => leg.hops.map((hop) => hop.pool.address))).size).toBe(4)
    }
  })

  it('mechanism 2 (dropped split): one deep A-M pool, two M-B continuations and a direct A-B pool', () => {
    const pools = [
      pool(1, A, M, 1_000_000n, 1_000_000n),
      pool(2, M, B, 100_000n, 102_000n),
      pool(3, M, B, 1_000_000n, 1_000_000n),
      pool(4, A, B, 300_000n, 298_500n),
    ]
    for (const units of [50_000n, 100_000n]) {
      const { route, shortfall } = routeAgainstBound(pools, [M], units * E18)
      expect(shortfall).toBeGreaterThanOrEqual(0)
      expect(shortfall).toBeLessThan(1)
      expect(route.legs.length).toBeGreaterThanOrEqual(2)
    }
  })

  it('mechanism 3 (shared pool): two thin A-M pools pour into one deep M-B pool, which fans out again at N', () => {
    const pools = [
      pool(1, A, M, 20_000n, 20_000n),
      pool(2, A, M, 15_000n, 15_000n, 5),
      pool(3, M, N, 1_000_000n, 1_000_000n, 5),
      pool(4, N, B, 30_000n, 30_000n),
      pool(5, N, B, 25_000n, 25_100n, 25),
      pool(6, A, B, 8_000n, 8_000n),
    ]
    for (const units of [2_000n, 6_000n]) {
      const { route, shortfall } = routeAgainstBound(pools, [M, N], units * E18)
      expect(route.steps?.length).toBe(6)
      expect(shortfall).toBeGreaterThanOrEqual(0)
      expect(shortfall).toBeLessThan(1)
    }
  })
})
