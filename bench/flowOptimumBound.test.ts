import { describe, expect, it } from 'vitest'
import { poolKindOf } from '../server/poolKinds/poolKinds'
import { makeV2Pool, makeV3Pool, testAddress } from '../server/poolKinds/testPools'
import { optimalParallelV2Split } from '../server/poolKinds/uniswapV2/optimalParallelV2Split'
import type { V2PoolState } from '../server/poolKinds/uniswapV2/V2PoolState'
import { flowOptimumBound } from './flowOptimumBound'

const E18 = 10n ** 18n
const [A, B, C, D] = [testAddress(1), testAddress(2), testAddress(3), testAddress(4)]

function pair(
  id: number,
  tokenA: typeof A,
  tokenB: typeof A,
  reserveA: bigint,
  reserveB: bigint,
  feeBps = 30,
) {
  return makeV2Pool({ id, tokenA, tokenB, reserveA: reserveA * E18, reserveB: reserveB * E18, feeBps })
}

/** The pair's reserves seen selling `tokenIn`. */
function sides(pool: V2PoolState, tokenIn: typeof A) {
  return pool.token0 === tokenIn
    ? { reserveIn: pool.reserve0, reserveOut: pool.reserve1, feeBps: pool.feeBps }
    : { reserveIn: pool.reserve1, reserveOut: pool.reserve0, feeBps: pool.feeBps }
}

/** Real-valued optimum of splitting `amountIn` (a float) over parallel pairs selling `tokenIn`. */
function parallel(pools: readonly V2PoolState[], tokenIn: typeof A, amountIn: number): number {
  return optimalParallelV2Split({
    pools: pools.map((p) => sides(p, tokenIn)),
    amountIn: BigInt(Math.floor(amountIn)),
  }).amountOutReal
}

/** Expects the bracket to hold `optimum` within 1e-6 relative on both sides. */
function expectBracket(result: ReturnType<typeof flowOptimumBound>, optimum: number) {
  expect(result).not.toBeNull()
  if (!result) return
  expect(Math.abs(result.bound - optimum) / optimum).toBeLessThan(1e-6)
  expect(Math.abs(Number(result.feasible) - optimum) / optimum).toBeLessThan(1e-6)
  expect(result.bound).toBeGreaterThanOrEqual(Number(result.feasible))
  expect(result.converged).toBe(true)
}

describe('flowOptimumBound', () => {
  const parallels = [
    pair(1, A, B, 1_000_000n, 1_000_000n),
    pair(2, A, B, 600_000n, 601_000n),
    pair(3, A, B, 250_000n, 250_500n, 25),
    pair(4, A, B, 3_000_000n, 2_990_000n, 100),
    pair(5, A, B, 80_000n, 80_200n, 5),
  ]

  it.each([10n, 100_000n, 1_000_000n, 10_000_000n])(
    'brackets the closed-form optimum of parallel pairs (%s units in)',
    (units) => {
      const amountIn = units * E18
      const result = flowOptimumBound({ pools: parallels, tokenIn: A, tokenOut: B, amountIn })
      expectBracket(result, parallel(parallels, A, Number(amountIn)))
    },
  )

  it('brackets a two-hop chain through two pairs (one path: all of the input through both)', () => {
    const p1 = pair(1, A, B, 2_000_000n, 1_000_000n)
    const p2 = pair(2, B, C, 500_000n, 1_500_000n, 5)
    const amountIn = 300_000n * E18
    const mid = parallel([p1], A, Number(amountIn))
    const result = flowOptimumBound({ pools: [p1, p2], tokenIn: A, tokenOut: C, amountIn })
    expectBracket(result, parallel([p2], B, mid))
    expect(result?.route.hops).toBe(2)
  })

  it('brackets a split that merges into a shared pool and fans out again', () => {
    const first = [pair(1, A, B, 1_000_000n, 2_000_000n), pair(2, A, B, 400_000n, 790_000n, 5)]
    const shared = pair(3, B, C, 5_000_000n, 5_000_000n)
    const last = [pair(4, C, D, 1_000_000n, 3_000_000n), pair(5, C, D, 2_000_000n, 6_100_000n, 100)]
    const amountIn = 500_000n * E18
    const b = parallel(first, A, Number(amountIn))
    const c = parallel([shared], B, b)
    const result = flowOptimumBound({ pools: [...first, shared, ...last], tokenIn: A, tokenOut: D, amountIn })
    expectBracket(result, parallel(last, C, c))
    expect(result?.route.steps.length).toBe(5)
    expect(result?.route.hops).toBe(3)
  })

  it('brackets the exact output of one V3 pool across its ticks', () => {
    const pool = makeV3Pool({
      id: 1,
      token0: A,
      token1: B,
      tick: 0,
      positions: [
        { lower: -600, upper: 600, liquidity: 10n ** 24n },
        { lower: -6000, upper: 1200, liquidity: 3n * 10n ** 23n },
      ],
    })
    const amountIn = 50_000n * E18
    const exact = poolKindOf(pool).createHopSimulator(pool, true).exactIn(amountIn)
    expect(exact.ticksCrossed).toBeGreaterThan(0)
    const result = flowOptimumBound({ pools: [pool], tokenIn: A, tokenOut: B, amountIn })
    expectBracket(result, Number(exact.amountOut))
  })

  it('keeps the bound above the feasible flow on a graph with a cycle of pools', () => {
    const pools = [
      pair(1, A, B, 1_000_000n, 1_000_000n),
      pair(2, B, C, 1_000_000n, 1_010_000n),
      pair(3, C, A, 1_000_000n, 1_000_000n),
      pair(4, A, C, 300_000n, 300_000n),
      pair(5, B, D, 2_000_000n, 2_000_000n),
      pair(6, C, D, 800_000n, 810_000n),
    ]
    const result = flowOptimumBound({ pools, tokenIn: A, tokenOut: D, amountIn: 200_000n * E18 })
    expect(result?.converged).toBe(true)
    expect(result?.bound ?? 0).toBeGreaterThanOrEqual(Number(result?.feasible ?? 0n))
    expect(result?.gapBp ?? 1).toBeLessThan(0.001)
  })

  it('closes the bracket on a small trade over deep concentrated pools (the dual summed without cancellation)', () => {
    const deep = (id: number, token0: typeof A, token1: typeof A, tick: number, fee: number) =>
      makeV3Pool({
        id,
        token0,
        token1,
        tick,
        fee,
        positions: [{ lower: tick - 6000, upper: tick + 6000, liquidity: 10n ** 30n }],
      })
    const pools = [
      deep(1, A, B, 0, 500),
      deep(2, B, C, 10, 100),
      deep(3, A, C, 5, 3000),
      deep(4, C, D, -3, 500),
    ]
    const result = flowOptimumBound({ pools, tokenIn: A, tokenOut: D, amountIn: 10n * E18 })
    expect(result?.converged).toBe(true)
    expect(result?.gapBp ?? 1).toBeLessThan(0.001)
    expect(result?.route.hops).toBe(3)
  })

  it('is null when tokenOut cannot be reached', () => {
    expect(flowOptimumBound({ pools: parallels, tokenIn: A, tokenOut: C, amountIn: E18 })).toBeNull()
  })
})
