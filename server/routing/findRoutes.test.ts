import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { buildPoolGraph } from './buildPoolGraph'
import { createHopCache } from './createHopCache'
import { findBestRoute, findExchangeRoute } from './findBestRoute'
import { combineRouteParts, findRoutePart, findRoutes, splitRouteRequest } from './findRoutes'
import { RoutingError } from './RoutingError'

const E18 = 10n ** 18n
const E6 = 10n ** 6n
const WETH = testAddress(0x1)
const USDC = testAddress(0x2)
const DAI = testAddress(0x3)

// two exchanges whose pools only together make the best route (WETH -> DAI on one, DAI -> USDC on the other)
const pools = [
  makeV2Pool({ id: 1, tokenA: WETH, tokenB: USDC, reserveA: 100n * E18, reserveB: 300_000n * E6 }),
  makeV2Pool({
    id: 2,
    tokenA: WETH,
    tokenB: DAI,
    reserveA: 400n * E18,
    reserveB: 1_210_000n * E18,
    exchangeId: 'sushiswap',
    factoryId: 2,
  }),
  makeV2Pool({
    id: 3,
    tokenA: DAI,
    tokenB: USDC,
    reserveA: 5_000_000n * E18,
    reserveB: 5_000_000n * E6,
    feeBps: 5,
    exchangeId: 'pancakeswap',
    factoryId: 3,
  }),
  makeV2Pool({ id: 4, tokenA: WETH, tokenB: USDC, reserveA: 5n * E18, reserveB: 15_100n * E6 }),
]
const base = {
  pools,
  tokenIn: WETH,
  tokenOut: USDC,
  tradeType: 'exactIn' as const,
  connectors: [WETH, USDC, DAI],
  gasPriceWei: 1_000_000_000n,
  nativePriceInTokenOut: { num: 3n, den: 1_000_000_000_000n },
}

describe('findRoutes in parts', () => {
  it('splits a request over several exchanges in two parts whose combination is findRoutes to the wei', () => {
    for (const amount of [E18 / 100n, 20n * E18, 150n * E18]) {
      const params = { ...base, amount }
      const parts = splitRouteRequest(params, 2)
      expect(parts).toEqual([
        { pooled: true, exchangeIds: [] },
        { pooled: false, exchangeIds: ['uniswap-v2', 'sushiswap', 'pancakeswap'] },
      ])
      const whole = findRoutes({ ...params, hopCache: createHopCache() }, { perExchange: true })
      // each part on its own memo, as two worker threads run them
      const found = parts.map((part) => findRoutePart({ ...params, hopCache: createHopCache() }, part))
      expect(combineRouteParts(found, { perExchange: true })).toEqual(whole)
      expect(whole.best).toEqual(findBestRoute(params))
      // neither sushiswap nor pancakeswap alone joins WETH to USDC
      expect(whole.perExchange.map((e) => e.exchangeId)).toEqual(['uniswap-v2'])
    }
  })

  it("lists a pooled route of one exchange's pools as that exchange's route, without searching it again", () => {
    const hopCache = createHopCache()
    // without pancakeswap's DAI/USDC, only uniswap-v2 joins WETH to USDC
    const twoExchanges = pools.filter((p) => p.exchangeId !== 'pancakeswap')
    const params = { ...base, pools: twoExchanges, amount: 20n * E18, hopCache }
    const found = findRoutes(params, { perExchange: true })
    expect(found.best.legs.map((l) => l.hops.map((h) => h.pool.address))).toEqual([
      [pools[0]?.address],
      [pools[3]?.address],
    ])
    expect(found.perExchange).toEqual([{ exchangeId: 'uniswap-v2', route: found.best }])
    // the pooled search only: no uniswap-v2 request, no search of its own
    const keys = [...hopCache.routes(twoExchanges).entries()].map(([key]) => key)
    expect(keys.map((key) => [key.includes('|uniswap-v2|'), key.endsWith('|pooled')])).toEqual([
      [false, true],
    ])
    // two threads: the exchange's own search is run there, but the answer is the same
    const parts = splitRouteRequest(params, 2).map((part) =>
      findRoutePart({ ...params, hopCache: createHopCache() }, part),
    )
    expect(combineRouteParts(parts, { perExchange: true })).toEqual(found)
    expect(findBestRoute({ ...params, hopCache: createHopCache() })).toEqual(found.best)
  })

  it('the pooled route crosses exchanges and beats every exchange alone', () => {
    const found = findRoutes({ ...base, amount: 150n * E18 }, { perExchange: true })
    const exchanges = new Set(found.best.legs.flatMap((l) => l.hops.map((h) => h.pool.exchangeId)))
    expect(exchanges.size).toBeGreaterThan(1)
    for (const { route } of found.perExchange) expect(found.best.amountOut).toBeGreaterThan(route.amountOut)
  })

  it('runs no per-exchange search for a single exchange and lists the pooled route as its own', () => {
    const params = { ...base, amount: 20n * E18, exchangeIds: ['uniswap-v2'] }
    expect(splitRouteRequest(params, 2)).toEqual([
      { pooled: true, exchangeIds: [], onlyExchangeId: 'uniswap-v2' },
    ])
    const found = findRoutes(params, { perExchange: true })
    expect(found.perExchange).toEqual([{ exchangeId: 'uniswap-v2', route: found.best }])
    expect(found.best).toEqual(findBestRoute(params))
  })

  it('throws the pooled search error when nothing routes, and rethrows an invalid request', () => {
    const none = { ...base, amount: E18, tokenOut: testAddress(0x9) }
    const parts = splitRouteRequest(none, 2).map((part) => findRoutePart(none, part))
    expect(() => combineRouteParts(parts, { perExchange: true })).toThrow(RoutingError)
    expect(() =>
      findRoutePart({ ...base, amount: 0n }, { pooled: false, exchangeIds: ['sushiswap'] }),
    ).toThrow('amount must be positive')
  })
})

describe('per-exchange searches', () => {
  it('skips an exchange without a pool of either token, without searching or memoizing anything', () => {
    const hopCache = createHopCache()
    const params = { ...base, amount: E18, hopCache }
    // pancakeswap has DAI/USDC only (no WETH), sushiswap WETH/DAI only (no USDC)
    expect(findExchangeRoute(params, 'pancakeswap')).toBeUndefined()
    expect(findExchangeRoute(params, 'sushiswap')).toBeUndefined()
    expect(hopCache.routes(pools).size).toBe(0)
    expect(
      findExchangeRoute(params, 'uniswap-v2')?.legs.map((leg) => leg.hops.map((h) => h.pool.address)),
    ).toEqual([[pools[0]?.address], [pools[3]?.address]])
    // the exchange's request and its pooled search
    expect(hopCache.routes(pools).size).toBe(2)
  })

  it('builds one graph per pool list and filters, filters compared without case', () => {
    const graph = buildPoolGraph({ pools, exchangeIds: ['SushiSwap'] })
    expect(buildPoolGraph({ pools, exchangeIds: ['sushiswap'] })).toBe(graph)
    expect([...graph.adjacency.keys()]).toEqual([WETH.toLowerCase(), DAI.toLowerCase()])
    expect(buildPoolGraph({ pools, exchangeIds: ['sushiswap'], excludedExchanges: ['x'] })).not.toBe(graph)
    expect(buildPoolGraph({ pools: [...pools], exchangeIds: ['sushiswap'] })).not.toBe(graph)
  })
})
