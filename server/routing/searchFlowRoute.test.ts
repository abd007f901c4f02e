import { describe, expect, it } from 'vitest'
import { poolKindOf } from '../poolKinds/poolKinds'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import type { V2PoolState } from '../poolKinds/uniswapV2/V2PoolState'
import { createHopCache, type HopCache } from './createHopCache'
import { MAX_ROUTE_STEPS } from './quoteRouteSteps'
import { searchFlowRoute } from './searchFlowRoute'
import { makeMergePools } from './testMergePools'

/*
 * Split-and-merge flows on crafted V2 pools (mechanism 3 of issue 17), against an optimum computed here
 * without the router: the closed-form constant-product output in floats, and nested golden-section searches
 * over the (concave) splits.
 */

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const D = testAddress(0xd4)

/** Float output of a V2 pool for `x` of `from`. */
function v2Out(pool: V2PoolState, from: string, x: number): number {
  const zeroForOne = pool.token0.toLowerCase() === from.toLowerCase()
  const rIn = Number(zeroForOne ? pool.reserve0 : pool.reserve1)
  const rOut = Number(zeroForOne ? pool.reserve1 : pool.reserve0)
  const xf = x * (1 - pool.feeBps / 10_000)
  return (xf * rOut) / (rIn + xf)
}

/** max over s in [0, 1] of f(s) for a concave f, by golden-section search. */
function maximise(f: (s: number) => number): number {
  const g = (Math.sqrt(5) - 1) / 2
  let lo = 0
  let hi = 1
  for (let k = 0; k < 80; k++) {
    const m1 = hi - g * (hi - lo)
    const m2 = lo + g * (hi - lo)
    if (f(m1) < f(m2)) lo = m1
    else hi = m2
  }
  return Math.max(f(0), f(1), f((lo + hi) / 2))
}

/** A V2 pool holding `reserve` (default 1,000,000) of each token: at par. */
const parPool = (id: number, tokenA: typeof A, tokenB: typeof A, reserve = 1_000_000n) =>
  makeV2Pool({ id, tokenA, tokenB, reserveA: reserve * E18, reserveB: reserve * E18 })

/** Selling 10,000 A for D over `pools` through `connectors`, within maxHops 3. */
const sellAForD = (pools: readonly V2PoolState[], connectors: readonly (typeof A)[]) => ({
  pools,
  tokenIn: A,
  tokenOut: D,
  tradeType: 'exactIn' as const,
  amount: 10_000n * E18,
  connectors,
  maxHops: 3,
})

const bp = (ours: bigint, optimum: number) => ((optimum - Number(ours)) / optimum) * 10_000

describe('searchFlowRoute', () => {
  it('never asks the Aggregator for more steps than it takes: 30 equal pools, the best 24-pool split', () => {
    const pools = Array.from({ length: 30 }, (_, i) =>
      makeV2Pool({ id: 100 + i, tokenA: A, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 }),
    )
    const amount = 30_000n * E18
    const route = searchFlowRoute({
      pools,
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [],
    })
    expect(route?.steps).toHaveLength(MAX_ROUTE_STEPS)
    // equal pools: the best split over 24 of them gives each the same amount
    const optimum = MAX_ROUTE_STEPS * v2Out(pools[0] as V2PoolState, A, Number(amount) / MAX_ROUTE_STEPS)
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeLessThan(1)
  })

  it('refines past 64 exact quotes only where a basis point of the trade is worth more than a hop', () => {
    // 24 equal pools: a coarse pass alone tries each three ways (72 quotes)
    const pools = Array.from({ length: 24 }, (_, i) =>
      makeV2Pool({ id: 150 + i, tokenA: A, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 }),
    )
    const trade = { pools, tokenIn: A, tokenOut: D, tradeType: 'exactIn' as const, connectors: [] }
    const unpriced = searchFlowRoute({ ...trade, amount: 30_000n * E18 })
    expect(unpriced?.stats.refineEvaluations).toBeGreaterThan(64)
    expect(unpriced?.stats.refineEvaluations).toBeLessThanOrEqual(192)
    // a V2 hop's 60,000 gas at 1e14 D a gas unit: 6 D, more than a basis point of the ~1,000 D out
    const priced = searchFlowRoute({
      ...trade,
      amount: 1_000n * E18,
      gasPriceWei: 1n,
      nativePriceInTokenOut: { num: 10n ** 14n, den: 1n },
    })
    expect(priced?.stats.refineEvaluations).toBeLessThanOrEqual(64)
  })

  it('keeps the 24 pools given the most value, not the most units: a few deep pools of an 8-decimal input stay', () => {
    const E8 = 10n ** 8n
    // A has 8 decimals (one unit is worth 1e10 units of B and D): 4 direct pools, and 25 shallow ones behind B
    const direct = Array.from({ length: 4 }, (_, i) =>
      makeV2Pool({ id: 200 + i, tokenA: A, tokenB: D, reserveA: 100n * E8, reserveB: 100n * E18 }),
    )
    const toB = makeV2Pool({ id: 210, tokenA: A, tokenB: B, reserveA: 10_000n * E8, reserveB: 10_000n * E18 })
    const fromB = Array.from({ length: 25 }, (_, i) =>
      makeV2Pool({ id: 220 + i, tokenA: B, tokenB: D, reserveA: 20n * E18, reserveB: 20n * E18 }),
    )
    const route = searchFlowRoute({
      pools: [...direct, toB, ...fromB],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount: 100n * E8,
      connectors: [B],
    })
    expect(route?.steps).toHaveLength(MAX_ROUTE_STEPS)
    const used = new Set(route?.steps.map((step) => step.pool.address))
    for (const pool of [...direct, toB]) expect(used.has(pool.address)).toBe(true)
  })

  it('runs connectors of one rank in the order the flow needs, not their address order', () => {
    // X sorts before Y, but the good way is A -> Y -> X -> D: A -> X and Y -> D are shallow and dear
    const X = testAddress(0xc3)
    const Y = testAddress(0xc5)
    const ay = makeV2Pool({
      id: 300,
      tokenA: A,
      tokenB: Y,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const yx = makeV2Pool({
      id: 301,
      tokenA: Y,
      tokenB: X,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const xd = makeV2Pool({
      id: 302,
      tokenA: X,
      tokenB: D,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const ax = makeV2Pool({ id: 303, tokenA: A, tokenB: X, reserveA: 1_000n * E18, reserveB: 900n * E18 })
    const yd = makeV2Pool({ id: 304, tokenA: Y, tokenB: D, reserveA: 1_000n * E18, reserveB: 900n * E18 })
    const amount = 10_000n * E18
    const route = searchFlowRoute({
      pools: [ay, yx, xd, ax, yd],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [X, Y],
    })
    expect(route?.steps.some((step) => step.tokenIn === Y && step.tokenOut === X)).toBe(true)
    const chain = v2Out(xd, X, v2Out(yx, Y, v2Out(ay, A, Number(amount))))
    expect(bp(route?.amountOut ?? 0n, chain)).toBeLessThan(0.01)
  })

  it('searches connectors of one rank either way round from 0.1% of price impact: A -> Y -> X -> D at 0.2%', () => {
    // X sorts before Y, so the forward search runs X -> Y only; the good way is A -> Y -> X -> D (three deep
    // pools at par), the forward ways A -> X -> D and A -> Y -> D pay 1% less at spot, and 2,000 of the input
    // moves those deep pools by about 0.2% (BSC's BTCB -> ETH for $100k was such a trade)
    const X = testAddress(0xc3)
    const Y = testAddress(0xc5)
    const deep = (id: number, tokenA: typeof A, tokenB: typeof A, ratio = 1_000n) =>
      makeV2Pool({ id, tokenA, tokenB, reserveA: 1_000_000n * E18, reserveB: 1_000n * ratio * E18 })
    const [ay, yx, xd] = [deep(310, A, Y), deep(311, Y, X), deep(312, X, D)]
    const params = {
      pools: [ay, yx, xd, deep(313, A, X, 990n), deep(314, Y, D, 990n)],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn' as const,
      amount: 2_000n * E18,
      connectors: [X, Y],
    }
    const forward = searchFlowRoute(params, { wide: false })
    const route = searchFlowRoute(params)
    expect(forward?.steps.some((step) => step.tokenIn === Y && step.tokenOut === X)).toBe(false)
    expect(route?.steps.some((step) => step.tokenIn === Y && step.tokenOut === X)).toBe(true)
    // the way round pays about 0.3% more than the forward search's best
    expect(bp(forward?.amountOut ?? 0n, Number(route?.amountOut ?? 0n))).toBeGreaterThan(25)
    // told of a route found before that already gives up more than 0.1% of the spot rate, the wide search runs alone:
    // the same route for the wide search's work only
    const told = searchFlowRoute(params, { foundAmountOut: forward?.amountOut ?? 0n })
    expect(told?.amountOut).toBe(route?.amountOut)
    expect(told?.steps).toEqual(route?.steps)
    expect(told?.stats.solves).toBe((route?.stats.solves ?? 0) - (forward?.stats.solves ?? 0))
    // a route found before at 1e-6 of price impact says nothing: forward first, then wide, as untold
    const small = searchFlowRoute(params, { foundAmountOut: (params.amount * 999_999n) / 1_000_000n })
    expect(small?.stats).toEqual(route?.stats)
  })

  it('resamples the pools until the flow settles: three concentrated pools within 0.1 bp of the best split', () => {
    // each pool's deep position ends near its price, at a different price each: between the grid's samples (a
    // factor of two apart) the models lie well below the pools, a first resampling around the solution moves it
    // out of what was sampled, and the split settles only after another (one resampling: 16.7 bp short)
    const [token0, token1] = A.toLowerCase() < D.toLowerCase() ? [A, D] : [D, A]
    const concentrated = (
      id: number,
      tick: number,
      narrow: number,
      deep: bigint,
      thin: bigint,
      fee: number,
    ) =>
      makeV3Pool({
        id,
        token0,
        token1,
        tick,
        fee,
        tickSpacing: 10,
        positions: [
          { lower: tick - narrow, upper: tick + narrow, liquidity: deep * E18 },
          { lower: tick - 4_000, upper: tick + 4_000, liquidity: thin * E18 },
        ],
      })
    const pools = [
      concentrated(601, 90, 130, 9_659_972n, 60_797n, 3000),
      concentrated(602, 0, 150, 5_166_793n, 76_501n, 500),
      concentrated(603, 140, 20, 20_787_230n, 39_897n, 500),
    ]
    const amount = 22_047n * E18
    const route = searchFlowRoute({
      pools,
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [],
    })
    // the best split by nested golden sections over each pool's own math (in floats)
    const outputs = pools.map((pool) => poolKindOf(pool).createHopSimulator(pool, token0 === A))
    const out = (k: number, x: number) => (x > 0 ? (outputs[k]?.approxExactIn(x) ?? 0) : 0)
    const total = Number(amount)
    const optimum = maximise((s) => {
      const rest = (1 - s) * total
      return out(0, s * total) + maximise((t) => out(1, t * rest) + out(2, (1 - t) * rest))
    })
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeLessThan(0.1)
  })

  it('lets a connector nearer the output pay into one farther from it: A -> M -> N -> O -> D at 1%', () => {
    // M is one hop from A and two from D (rank -1), N two and one (rank 1), O one and one (rank 0): the forward
    // order is M, O, N, so N -> O runs against it, yet the deep way is A -> M -> N -> O -> D; N -> D and A -> O
    // are shallow. N and O are of different ranks: the wide search once ran only ties either way round
    const M = testAddress(0xc3)
    const N = testAddress(0xc5)
    const O = testAddress(0xc7)
    const [am, mn, no, od] = [parPool(320, A, M), parPool(321, M, N), parPool(322, N, O), parPool(323, O, D)]
    const params = sellAForD(
      [am, mn, no, od, parPool(324, N, D, 1_000n), parPool(325, A, O, 1_000n)],
      [M, N, O],
    )
    const { amount } = params
    const route = searchFlowRoute(params)
    expect(route?.steps.some((step) => step.tokenIn === N && step.tokenOut === O)).toBe(true)
    // the deep chain alone pays about 95.8% of the input, the route at least that; the forward ways about a fifth
    const chain = v2Out(od, O, v2Out(no, N, v2Out(mn, M, v2Out(am, A, Number(amount)))))
    expect(bp(route?.amountOut ?? 0n, chain)).toBeLessThan(0.01)
    const forward = searchFlowRoute(params, { wide: false })
    expect(Number(forward?.amountOut ?? 0n)).toBeLessThan(chain * 0.25)
  })

  it('for a large trade, takes a connector one hop beyond maxHops: A -> W -> Z -> V -> D over deep pools', () => {
    // Z is 2 hops from A and 2 from D, beyond maxHops 3; the ways within 3 hops run through shallow pools
    const W = testAddress(0xc7)
    const Z = testAddress(0xc9)
    const V = testAddress(0xcb)
    const [aw, wz, zv, vd] = [parPool(400, A, W), parPool(401, W, Z), parPool(402, Z, V), parPool(403, V, D)]
    const params = sellAForD([aw, wz, zv, vd, parPool(404, W, D, 100n), parPool(405, A, V, 100n)], [W, Z, V])
    const { amount } = params
    const route = searchFlowRoute(params)
    expect(route?.steps.some((step) => step.tokenIn === Z && step.tokenOut === V)).toBe(true)
    // the deep chain alone pays about 95% of the input; the ways within 3 hops, less than 2% together
    const chain = v2Out(vd, V, v2Out(zv, Z, v2Out(wz, W, v2Out(aw, A, Number(amount)))))
    expect(bp(route?.amountOut ?? 0n, chain)).toBeLessThan(0.01)
    // without the wide pass (as an exchange's own search runs) the flow keeps within 3 hops of both ends
    const narrow = searchFlowRoute(params, { wide: false })
    expect(narrow?.steps.some((step) => step.tokenIn === Z || step.tokenOut === Z)).toBe(false)
    expect(Number(narrow?.amountOut ?? 0n)).toBeLessThan(chain * 0.05)
  })

  it('between two long-tail tokens, takes connectors two hops beyond maxHops: A -> W -> Y -> Z -> V -> D', () => {
    // every connector is 5 hops from end to end over the deep pools, two beyond maxHops 3; A -> D is shallow
    const [W, Y, Z, V] = [0xc7, 0xc8, 0xc9, 0xcb].map(testAddress) as [typeof A, typeof A, typeof A, typeof A]
    const chain = [
      parPool(410, A, W),
      parPool(411, W, Y),
      parPool(412, Y, Z),
      parPool(413, Z, V),
      parPool(414, V, D),
    ]
    const params = sellAForD([...chain, parPool(415, A, D, 100n)], [W, Y, Z, V])
    const { amount } = params
    const route = searchFlowRoute(params)
    expect(route?.steps.some((step) => step.tokenIn === Y && step.tokenOut === Z)).toBe(true)
    const through = chain.reduce((x, pool, k) => v2Out(pool, [A, W, Y, Z, V][k] ?? A, x), Number(amount))
    expect(bp(route?.amountOut ?? 0n, through)).toBeLessThan(0.01)
    // with an end a connector, one hop beyond only: the chain is out of reach
    const hubEnd = searchFlowRoute({ ...params, connectors: [...params.connectors, D] })
    expect(hubEnd?.steps.some((step) => step.tokenIn === Y || step.tokenOut === Y) ?? false).toBe(false)
    expect(Number(hubEnd?.amountOut ?? 0n)).toBeLessThan(through * 0.05)
  })

  it('without gas priced, prunes no pool whose surplus comes out a hair below zero: all seven that pay stay', () => {
    // eight pairs among A, M, N and D, drawn at random: the solve left one used pool's surplus a hair below zero,
    // and the old rule (any margin below zero) pruned it (six steps, 1.98e12 less)
    const M = testAddress(0xc3)
    const N = testAddress(0xc5)
    const pair = (id: number, a: typeof A, b: typeof A, reserveA: bigint, reserveB: bigint, feeBps: number) =>
      makeV2Pool({ id, tokenA: a, tokenB: b, reserveA: reserveA * E18, reserveB: reserveB * E18, feeBps })
    const pools = [
      pair(1, A, D, 65_673n, 61_720n, 30),
      pair(2, A, M, 533_176n, 534_153n, 30),
      pair(3, M, D, 862_471n, 791_772n, 30),
      pair(4, A, N, 536_380n, 535_374n, 100),
      pair(5, N, D, 608_172n, 605_320n, 100),
      pair(6, M, N, 978_437n, 961_236n, 5),
      pair(7, A, D, 48_161n, 51_893n, 5),
      pair(8, M, D, 466_651n, 455_686n, 5),
    ]
    const flow = searchFlowRoute({ ...sellAForD(pools, [M, N]), amount: 14_138n * E18 })
    expect(flow?.steps).toHaveLength(7)
    expect(flow?.amountOut).toBe(13_678_982_271_643_866_108_944n)
  })

  it('with gas priced, solves the whole flow on sharper models before pruning it: 10 bp more over ten pools', () => {
    // ten pools among A, M, N, O and D drawn at random, a hop's gas about 0.8 bp of the trade: pruned on the first
    // grid's models, the flow lost the pools it needed and two steps were left, 10.0 bp short of these four
    const [M, N, O] = [testAddress(0xc3), testAddress(0xc5), testAddress(0xc7)]
    const tokens = [A, M, N, O, D] as const
    const at = (i: number) => tokens[i] ?? A
    const v2 = (id: number, a: number, b: number, reserveA: bigint, reserveB: bigint, feeBps: number) =>
      makeV2Pool({
        id,
        tokenA: at(a),
        tokenB: at(b),
        reserveA: reserveA * E18,
        reserveB: reserveB * E18,
        feeBps,
      })
    // a position about the price and a wide thin one, token0 < token1
    const v3 = (
      id: number,
      t0: number,
      t1: number,
      tick: number,
      fee: number,
      range: number[],
      deep: bigint,
      thin: bigint,
    ) =>
      makeV3Pool({
        id,
        token0: at(t0),
        token1: at(t1),
        tick,
        fee,
        tickSpacing: 10,
        positions: [
          { lower: range[0] ?? 0, upper: range[1] ?? 0, liquidity: deep * E18 },
          { lower: range[2] ?? 0, upper: range[3] ?? 0, liquidity: thin * E18 },
        ],
      })
    const pools = [
      v3(1, 3, 4, 47, 500, [10, 90, -3960, 4050], 17_155_604n, 34_385n),
      v3(2, 1, 3, -35, 500, [-80, 10, -4040, 3970], 13_600_191n, 99_322n),
      v2(3, 2, 4, 374_166n, 367_805n, 30),
      v3(4, 1, 4, 26, 3000, [0, 60, -3980, 4030], 17_885_237n, 82_711n),
      v3(5, 0, 3, 59, 500, [-120, 240, -3950, 4060], 15_890_511n, 88_620n),
      v3(6, 1, 4, 65, 500, [20, 110, -3940, 4070], 10_534_451n, 91_273n),
      v3(7, 2, 4, -60, 3000, [-280, 160, -4060, 3940], 3_203_135n, 32_381n),
      v2(8, 3, 1, 575_715n, 585_502n, 5),
      v2(9, 1, 0, 781_301n, 743_798n, 5),
      v3(10, 2, 3, 15, 500, [-160, 190, -3990, 4020], 20_185_982n, 78_510n),
    ]
    const flow = searchFlowRoute({
      pools,
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount: 15_727n * E18,
      connectors: [M, N, O],
      maxHops: 3,
      gasPriceWei: 1n,
      nativePriceInTokenOut: { num: 12_093_450_357_011n, den: 1n },
    })
    expect(flow?.steps).toHaveLength(4)
    // net of gas; pruned first: 16,239.596... D over two steps
    expect((flow?.amountOut ?? 0n) - (flow?.gasCostInToken ?? 0n)).toBe(16_255_838_255_088_794_304_183n)
  })

  it('leaves out a connector whose only pool on gives nothing, and still splits over the pools that do', () => {
    const p1 = makeV2Pool({ id: 11, tokenA: A, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
    const p2 = makeV2Pool({ id: 12, tokenA: A, tokenB: D, reserveA: 700n * E18, reserveB: 700n * E18 })
    // B takes A at a fine rate but its pool to D is empty: flow sent to B could never leave it
    const intoB = makeV2Pool({ id: 13, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 2_000n * E18 })
    const emptyOut = makeV2Pool({ id: 14, tokenA: B, tokenB: D, reserveA: 1_000n * E18, reserveB: 1n })
    const amount = 200n * E18
    const total = Number(amount)
    const optimum = maximise((s) => v2Out(p1, A, total * s) + v2Out(p2, A, total * (1 - s)))
    const route = searchFlowRoute({
      pools: [p1, p2, intoB, emptyOut],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [B],
    })
    expect(route?.steps.map((s) => s.pool.address).sort()).toEqual([p1.address, p2.address].sort())
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeLessThan(1)
    expect(route?.stats.solves).toBe(2)
  })

  it('merges two pools into one deep pool at the next hop within 1 bp of the optimum', () => {
    const { p1, p2, deep, direct } = makeMergePools()
    const amount = 300n * E18
    const total = Number(amount)
    // optimum: direct gets d, the rest splits over p1 and p2, which merge into the deep pool
    const optimum = maximise((d) => {
      const rest = total * (1 - d)
      const merged = maximise((s) => v2Out(deep, B, v2Out(p1, A, rest * s) + v2Out(p2, A, rest * (1 - s))))
      return v2Out(direct, A, total * d) + merged
    })
    const route = searchFlowRoute({
      pools: [p1, p2, deep, direct],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [B],
    })
    expect(route).not.toBeNull()
    expect(route?.steps.map((s) => s.pool.address).sort()).toEqual(
      [p1, p2, deep, direct].map((p) => p.address).sort(),
    )
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeLessThan(1)
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeGreaterThan(-0.01)
  })

  it('fans out again after a shared deep hop within 1 bp of the optimum', () => {
    const deep = makeV2Pool({ id: 5, tokenA: A, tokenB: B, reserveA: 50_000n * E18, reserveB: 50_000n * E18 })
    const q1 = makeV2Pool({ id: 6, tokenA: B, tokenB: D, reserveA: 800n * E18, reserveB: 800n * E18 })
    const q2 = makeV2Pool({
      id: 7,
      tokenA: B,
      tokenB: D,
      reserveA: 500n * E18,
      reserveB: 500n * E18,
      feeBps: 100,
    })
    const direct = makeV2Pool({ id: 8, tokenA: A, tokenB: D, reserveA: 300n * E18, reserveB: 300n * E18 })
    const amount = 250n * E18
    const total = Number(amount)
    const optimum = maximise((d) => {
      const atB = v2Out(deep, A, total * (1 - d))
      return (
        v2Out(direct, A, total * d) + maximise((s) => v2Out(q1, B, atB * s) + v2Out(q2, B, atB * (1 - s)))
      )
    })
    const route = searchFlowRoute({
      pools: [deep, q1, q2, direct],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount,
      connectors: [B],
    })
    expect(route?.steps.map((s) => s.pool.address).sort()).toEqual(
      [deep, q1, q2, direct].map((p) => p.address).sort(),
    )
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeLessThan(1)
    expect(bp(route?.amountOut ?? 0n, optimum)).toBeGreaterThan(-0.01)
  })

  it('still routes when the token list holds an unrelated fee-on-transfer token, and skips a taxed connector', () => {
    const T = testAddress(0x7a)
    const p1 = makeV2Pool({ id: 11, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
    const p2 = makeV2Pool({ id: 12, tokenA: B, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
    const viaTax = [
      makeV2Pool({ id: 13, tokenA: A, tokenB: T, reserveA: 1_000n * E18, reserveB: 1_000n * E18 }),
      makeV2Pool({ id: 14, tokenA: T, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 }),
    ]
    const route = searchFlowRoute({
      pools: [p1, p2, ...viaTax],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount: 10n * E18,
      connectors: [B, T],
      tokens: [{ address: T, transferFeeBps: 100 }],
    })
    expect(route?.steps.map((s) => s.pool.address)).toEqual([p1.address, p2.address])
    expect(route?.amountOut).toBe(v2ExactOut(p2, B, v2ExactOut(p1, A, 10n * E18)))
  })

  it('leaves a fee-on-transfer input to the leg search', () => {
    const p1 = makeV2Pool({ id: 15, tokenA: A, tokenB: D, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
    const route = searchFlowRoute({
      pools: [p1],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn',
      amount: E18,
      connectors: [],
      tokens: [{ address: A, transferFeeBps: 100 }],
    })
    expect(route).toBeNull()
  })

  it('does not search on when a bound on every flow shows that the route found before cannot be beaten', () => {
    // a deep pool and a shallow one at the same price: 5,000 A moves the deep one by 1%, so the best spot rate
    // promises 25 D more than the deep pool alone pays, but the shallow pool's share earns about 0.01 D, less
    // than its hop's gas (about 1 D): no flow beats the deep pool alone
    const deep = makeV2Pool({
      id: 16,
      tokenA: A,
      tokenB: D,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const shallow = makeV2Pool({
      id: 17,
      tokenA: A,
      tokenB: D,
      reserveA: 1_000n * E18,
      reserveB: 1_000n * E18,
    })
    const params = {
      pools: [deep, shallow],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn' as const,
      amount: 5_000n * E18,
      connectors: [],
      gasPriceWei: 1n,
      nativePriceInTokenOut: { num: 10n ** 13n, den: 1n },
    }
    const searched = searchFlowRoute(params)
    expect(searched?.steps.map((step) => step.pool)).toEqual([deep])
    const net = (searched?.amountOut ?? 0n) - (searched?.gasCostInToken ?? 0n)
    expect(searchFlowRoute(params, { mustBeat: net })).toBeNull()
    // a route found before that pays 1 D less can be beaten: the search runs and finds the deep pool alone
    expect(searchFlowRoute(params, { mustBeat: net - E18 })?.amountOut).toBe(searched?.amountOut)
  })

  it('told the route found before, shows it unbeatable at the prices it reads off that route, before any solve', () => {
    // the deep pool of two at one price takes 5,000 A alone; the shallow one beside it would earn less than its
    // hop's gas at the deep pool's marginal rate: the deep pool's two samples and six of the shallow one's, where
    // the search alone sampled both pools and solved before its bound showed it
    const deep = makeV2Pool({
      id: 18,
      tokenA: A,
      tokenB: D,
      reserveA: 1_000_000n * E18,
      reserveB: 1_000_000n * E18,
    })
    const shallow = makeV2Pool({
      id: 19,
      tokenA: A,
      tokenB: D,
      reserveA: 1_000n * E18,
      reserveB: 1_000n * E18,
    })
    const cache = createHopCache()
    let approximations = 0
    const counted: HopCache = {
      ...cache,
      simulator: (pool, zeroForOne) => {
        const simulator = cache.simulator(pool, zeroForOne)
        return {
          exactIn: (amount) => simulator.exactIn(amount),
          exactOut: (amount) => simulator.exactOut(amount),
          approxExactIn: (amount, crossed) => {
            approximations++
            return simulator.approxExactIn(amount, crossed)
          },
        }
      },
    }
    const amount = 5_000n * E18
    const params = {
      pools: [deep, shallow],
      tokenIn: A,
      tokenOut: D,
      tradeType: 'exactIn' as const,
      amount,
      connectors: [],
      gasPriceWei: 1n,
      nativePriceInTokenOut: { num: 10n ** 13n, den: 1n },
      hopCache: counted,
    }
    const searched = searchFlowRoute(params)
    const net = (searched?.amountOut ?? 0n) - (searched?.gasCostInToken ?? 0n)
    approximations = 0
    expect(searchFlowRoute(params, { mustBeat: net })).toBeNull()
    const unaided = approximations
    approximations = 0
    const foundHops = [{ pool: deep, tokenIn: A, amountIn: amount }]
    expect(searchFlowRoute(params, { mustBeat: net, foundHops })).toBeNull()
    expect([unaided, approximations]).toEqual([33, 8])
  })
})

/** Exact integer output of a V2 pool (the constant-product formula with the fee in bp). */
function v2ExactOut(pool: V2PoolState, from: string, x: bigint): bigint {
  const zeroForOne = pool.token0.toLowerCase() === from.toLowerCase()
  const rIn = zeroForOne ? pool.reserve0 : pool.reserve1
  const rOut = zeroForOne ? pool.reserve1 : pool.reserve0
  const xf = x * BigInt(10_000 - pool.feeBps)
  return (xf * rOut) / (rIn * 10_000n + xf)
}
