import { describe, expect, it } from 'vitest'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { buildPoolGraph } from './buildPoolGraph'
import { findBestRoute } from './findBestRoute'
import { DEPTH_IMPACT, poolDepth, routeConnectors } from './routeConnectors'

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const C = testAddress(0xc3)
const X = testAddress(0xd4)
const Y = testAddress(0xe5)
const Z = testAddress(0xf6)
const W = testAddress(0x17)
const V = testAddress(0x28)
type Token = typeof A

describe('poolDepth', () => {
  it('is what a pair takes before its average rate falls 2% under its spot rate: r0 (1/0.98 - 1) / (1 - fee), from below', () => {
    const pair = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 2_000n * E18 })
    const exact = (1_000e18 * (1 / (1 - DEPTH_IMPACT) - 1)) / 0.997
    const depth = poolDepth(pair, pair.token0 === A)
    expect(depth).toBeLessThanOrEqual(exact)
    expect(depth / exact).toBeGreaterThan(0.995)
    // the other side measures in the other token's units
    expect(poolDepth(pair, pair.token0 !== A) / (2 * exact)).toBeGreaterThan(0.995)
  })

  it('counts a concentrated position near the price only, not its in-range virtual reserves', () => {
    // one narrow position around the price (ticks -60..60) and nothing else: its virtual reserves are ~100x
    // what it holds; a wide position of the same liquidity holds to the 2% move
    const liquidity = 1_000n * E18
    const narrow = makeV3Pool({
      id: 2,
      token0: A,
      token1: B,
      tick: 0,
      positions: [{ lower: -60, upper: 60, liquidity }],
    })
    const wide = makeV3Pool({
      id: 3,
      token0: A,
      token1: B,
      tick: 0,
      positions: [{ lower: -6000, upper: 6000, liquidity }],
    })
    // token0 in moves the price down from tick 0 to -60: the position holds L (1/sqrt(p_-60) - 1) of token0
    const held = 1_000e18 * (1 / Math.sqrt(1.0001 ** -60) - 1)
    expect(poolDepth(narrow, true)).toBeLessThan(held * 1.01)
    expect(poolDepth(narrow, true)).toBeGreaterThan(held * 0.5)
    expect(poolDepth(wide, true)).toBeGreaterThan(poolDepth(narrow, true) * 3)
  })

  it('is 0 for an empty pool', () => {
    const empty = makeV3Pool({ id: 4, token0: A, token1: B, tick: 0, positions: [] })
    expect(poolDepth(empty, true)).toBe(0)
  })
})

describe('routeConnectors', () => {
  const pair = (id: number, a: typeof A, b: typeof A, reserveA: bigint, reserveB = reserveA) =>
    makeV2Pool({ id, tokenA: a, tokenB: b, reserveA: reserveA * E18, reserveB: reserveB * E18 })

  it("adds each end's deepest neighbours that are no connector (at most 5, down to 0.5% of its deepest), then 2 of each of theirs, then 1 of each of those's", () => {
    const [Q, R, S, T, U] = [0x31, 0x32, 0x33, 0x34, 0x35].map(testAddress) as [
      Token,
      Token,
      Token,
      Token,
      Token,
    ]
    const pools = [
      pair(1, A, C, 10_000n), // C: the connector, A's deepest
      pair(2, A, X, 2_000n), // 20%
      pair(3, A, Y, 60n), // 0.6%
      pair(4, A, Z, 40n), // 0.4%: under the floor
      pair(5, B, W, 5_000n), // B's own
      pair(6, B, V, 1_000n),
      pair(7, C, B, 10_000n),
      pair(8, X, Q, 3_000n), // X's: Q, R; S is a third
      pair(9, X, R, 2_000n),
      pair(10, X, S, 1_000n),
      pair(11, Q, T, 500n), // Q's: T; U is a second
      pair(12, Q, U, 400n),
    ]
    const graph = buildPoolGraph({ pools })
    expect(routeConnectors(graph, { tokenIn: A, tokenOut: B, connectors: [C] })).toEqual([
      C,
      X,
      Y,
      W,
      V,
      Q,
      R,
      T,
    ])
    // the ends never join; a connector is not listed twice; an end's own neighbours count as the first rank
    expect(routeConnectors(graph, { tokenIn: A, tokenOut: X, connectors: [C] })).toEqual([
      C,
      Y,
      Q,
      R,
      S,
      T,
      U,
    ])
  })

  it("measures a neighbour's pools against its deepest neighbour but the trade's ends", () => {
    // X's deepest pool is the one back to A, the trade's input: S's, at 0.4% of it, still joins, being 2% of C's
    const S = testAddress(0x36)
    const pools = [pair(1, A, X, 10_000n), pair(2, X, C, 2_000n), pair(3, X, S, 40n), pair(4, C, B, 10_000n)]
    const graph = buildPoolGraph({ pools })
    expect(routeConnectors(graph, { tokenIn: A, tokenOut: B, connectors: [C] })).toEqual([C, X, S])
  })

  it('takes at most 5 a side', () => {
    const pools = [1, 2, 3, 4, 5, 6, 7].map((n) => pair(n, A, testAddress(0x100 + n), 1_000n - BigInt(n)))
    const graph = buildPoolGraph({ pools })
    expect(routeConnectors(graph, { tokenIn: A, tokenOut: B, connectors: [] })).toEqual(
      [1, 2, 3, 4, 5].map((n) => testAddress(0x100 + n)),
    )
  })

  it('never routes through a taxed or an unverified token', () => {
    const pools = [pair(1, A, X, 1_000n), pair(2, A, Y, 900n), pair(3, A, Z, 800n)]
    const graph = buildPoolGraph({ pools })
    const tokens = [
      { address: X, transferFeeBps: 100 },
      { address: Y, unverified: true },
    ]
    expect(routeConnectors(graph, { tokenIn: A, tokenOut: B, connectors: [], tokens })).toEqual([Z])
  })

  it("lets findBestRoute through a long-tail token where the end's liquidity lies", () => {
    // A's liquidity lies against X, X's against the stable C; A's own pool with C is thin
    const pools = [pair(1, A, C, 50n), pair(2, A, X, 5_000n), pair(3, X, C, 50_000n)]
    const route = findBestRoute({
      pools,
      tokenIn: A,
      tokenOut: C,
      tradeType: 'exactIn',
      amount: 100n * E18,
      connectors: [C],
    })
    const through = findBestRoute({
      pools,
      tokenIn: A,
      tokenOut: C,
      tradeType: 'exactIn',
      amount: 100n * E18,
      connectors: [C, X],
    })
    expect(route.amountOutGross).toBe(through.amountOutGross)
    expect(route.legs.some((leg) => leg.hops[0]?.tokenOut === X)).toBe(true)
    // the thin direct pool alone pays under half of it
    const direct = findBestRoute({
      pools: [pools[0] as (typeof pools)[0]],
      tokenIn: A,
      tokenOut: C,
      tradeType: 'exactIn',
      amount: 100n * E18,
      connectors: [C],
    })
    expect(direct.amountOutGross * 2n).toBeLessThan(route.amountOutGross)
  })
})
