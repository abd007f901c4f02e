import { type Address, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { poolKindOf } from '../poolKinds/poolKinds'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import type { PoolState } from '../routing/types'
import { deriveUsdPrices, type PricedToken } from './deriveUsdPrices'

const token = (n: number) => getAddress(testAddress(0x1000 + n))

/** The method before the heap (every frontier pool rescanned per priced token): the oracle of equal prices. */
function deriveUsdPricesByRescan(pools: readonly PoolState[], tokens: readonly PricedToken[]) {
  const decimals = new Map(tokens.map((t) => [getAddress(t.address), t.decimals]))
  const prices = new Map<Address, number>()
  for (const t of tokens) if (t.isStable) prices.set(getAddress(t.address), 1)
  const edges = pools.flatMap((pool) => {
    const d0 = decimals.get(pool.token0)
    const d1 = decimals.get(pool.token1)
    if (d0 === undefined || d1 === undefined) return []
    const reserves = poolKindOf(pool).virtualReserves(pool)
    if (!reserves) return []
    const r0 = reserves[0] / 10 ** d0
    const r1 = reserves[1] / 10 ** d1
    if (!(r0 > 0 && r1 > 0)) return []
    return [{ token0: pool.token0, token1: pool.token1, r0, r1 }]
  })
  for (;;) {
    let best: { token: Address; price: number; depthUsd: number } | undefined
    for (const e of edges) {
      const p0 = prices.get(e.token0)
      const p1 = prices.get(e.token1)
      if (p0 !== undefined && p1 === undefined) {
        const depthUsd = e.r0 * p0
        if (!best || depthUsd > best.depthUsd) best = { token: e.token1, price: (e.r0 * p0) / e.r1, depthUsd }
      } else if (p1 !== undefined && p0 === undefined) {
        const depthUsd = e.r1 * p1
        if (!best || depthUsd > best.depthUsd) best = { token: e.token0, price: (e.r1 * p1) / e.r0, depthUsd }
      }
    }
    if (!best) return prices
    prices.set(best.token, best.price)
  }
}

/** A seeded generator (mulberry32), so the random market repeats. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('deriveUsdPrices', () => {
  it('prices each token through its deepest pool to a priced token', () => {
    const usd = token(0)
    const weth = token(1)
    const tail = token(2)
    const tokens = [
      { address: usd, decimals: 6, isStable: true },
      { address: weth, decimals: 18, isStable: false },
      { address: tail, decimals: 18, isStable: false },
    ]
    const pools = [
      // deep: 2,000,000 USD against 1,000 WETH: 2,000 USD
      makeV2Pool({
        id: 1,
        tokenA: usd,
        tokenB: weth,
        reserveA: 2_000_000n * 10n ** 6n,
        reserveB: 1_000n * 10n ** 18n,
      }),
      // thin: 100 USD against 1 WETH: ignored for WETH, which the deep pool priced first
      makeV2Pool({ id: 2, tokenA: usd, tokenB: weth, reserveA: 100n * 10n ** 6n, reserveB: 10n ** 18n }),
      // the tail token is deeper against WETH ($20,000 a side) than against USD ($50)
      makeV2Pool({
        id: 3,
        tokenA: weth,
        tokenB: tail,
        reserveA: 10n * 10n ** 18n,
        reserveB: 40_000n * 10n ** 18n,
      }),
      makeV2Pool({ id: 4, tokenA: usd, tokenB: tail, reserveA: 50n * 10n ** 6n, reserveB: 10n ** 18n }),
    ]
    const prices = deriveUsdPrices(pools, tokens)
    expect(prices).toEqual(
      new Map([
        [usd, 1],
        [weth, 2_000],
        [tail, 0.5],
      ]),
    )
  })

  it('leaves unreachable tokens and tokens outside the list unpriced', () => {
    const usd = token(0)
    const island = token(1)
    const other = token(2)
    const pools = [
      makeV2Pool({ id: 1, tokenA: island, tokenB: other, reserveA: 10n ** 18n, reserveB: 10n ** 18n }),
    ]
    const tokens = [
      { address: usd, decimals: 6, isStable: true },
      { address: island, decimals: 18, isStable: false },
    ]
    expect(deriveUsdPrices(pools, tokens)).toEqual(new Map([[usd, 1]]))
  })

  it('equals the rescanning method on a random market of 400 tokens and 3,000 pools (V2 and V3, ties included)', () => {
    const next = random(43)
    const tokens: PricedToken[] = Array.from({ length: 400 }, (_, i) => ({
      address: token(i),
      decimals: [18, 6, 8, 9][Math.floor(next() * 4)] as number,
      isStable: i < 3,
    }))
    const pools: PoolState[] = []
    for (let id = 0; id < 3_000; id++) {
      const a = Math.floor(next() ** 2 * tokens.length)
      let b = Math.floor(next() * tokens.length)
      if (b === a) b = (a + 1) % tokens.length
      const ta = tokens[a] as PricedToken
      const tb = tokens[b] as PricedToken
      // every tenth pool repeats a depth, so ties are decided by the order of the list
      const depth = id % 10 === 0 ? 1_000_000 : Math.floor(10 ** (1 + next() * 7))
      if (id % 3 === 0) {
        const [t0, t1] = ta.address.toLowerCase() < tb.address.toLowerCase() ? [ta, tb] : [tb, ta]
        pools.push(
          makeV3Pool({
            id,
            token0: t0.address,
            token1: t1.address,
            tick: Math.floor(next() * 2_000) - 1_000,
            positions: [{ lower: -6_000, upper: 6_000, liquidity: BigInt(depth) * 10n ** 12n }],
          }),
        )
      } else {
        pools.push(
          makeV2Pool({
            id,
            tokenA: ta.address,
            tokenB: tb.address,
            reserveA: BigInt(depth) * 10n ** BigInt(ta.decimals),
            reserveB: BigInt(Math.floor(depth * (0.5 + next()))) * 10n ** BigInt(tb.decimals),
          }),
        )
      }
    }
    const prices = deriveUsdPrices(pools, tokens)
    expect(prices.size).toBeGreaterThan(300)
    expect(prices).toEqual(deriveUsdPricesByRescan(pools, tokens))
    // a block later: some V2 states replaced in place (the graph kept from the last call), then a pool added
    const moved = pools.map((pool, i) =>
      i % 7 === 1 && pool.kind === 'uniswap-v2'
        ? { ...pool, reserve0: pool.reserve0 * 3n, reserve1: pool.reserve1 / 2n + 1n }
        : pool,
    )
    expect(deriveUsdPrices(moved, tokens)).toEqual(deriveUsdPricesByRescan(moved, tokens))
    expect(deriveUsdPrices(moved, tokens)).not.toEqual(prices)
    const grown = [
      ...moved,
      makeV2Pool({
        id: 3_000,
        tokenA: (tokens[0] as PricedToken).address,
        tokenB: (tokens[399] as PricedToken).address,
        reserveA: 10n ** 30n,
        reserveB: 10n ** 30n,
      }),
    ]
    expect(deriveUsdPrices(grown, tokens)).toEqual(deriveUsdPricesByRescan(grown, tokens))
  })
})
