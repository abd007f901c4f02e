import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { createPoolSnapshot } from '../pools/poolSnapshot'
import { createHopCache, findRoutes } from '../routing'
import { createLocalQuoteEngine } from './createLocalQuoteEngine'

const E18 = 10n ** 18n
const E6 = 10n ** 6n
const WETH = testAddress(0x1)
const USDC = testAddress(0x2)
const DAI = testAddress(0x3)

/** The market at block `n`: the deep WETH/USDC pool 0.1% deeper in USDC a block, as trades move it. */
const snapshotAt = (n: bigint) =>
  createPoolSnapshot({
    chainId: 1,
    blockNumber: n,
    blockHash: `0x${n.toString(16).padStart(64, '0')}`,
    pools: [
      makeV2Pool({
        id: 1,
        tokenA: WETH,
        tokenB: USDC,
        reserveA: 100n * E18,
        reserveB: 300_000n * E6 + 300n * E6 * n,
      }),
      makeV2Pool({ id: 2, tokenA: WETH, tokenB: DAI, reserveA: 400n * E18, reserveB: 1_210_000n * E18 }),
      makeV2Pool({ id: 3, tokenA: DAI, tokenB: USDC, reserveA: 5_000_000n * E18, reserveB: 5_000_000n * E6 }),
    ],
  })

const request = {
  tokenIn: WETH,
  tokenOut: USDC,
  tradeType: 'exactIn' as const,
  amount: 20n * E18,
  connectors: [WETH, USDC, DAI],
  gasPriceWei: 1_000_000_000n,
  nativePriceInTokenOut: { num: 3n, den: 1_000_000_000_000n },
}

describe('createLocalQuoteEngine', () => {
  it('routes the first snapshot as findRoutes does, to the wei', async () => {
    const snapshot = snapshotAt(1n)
    expect(
      await createLocalQuoteEngine(createHopCache()).findRoutes(snapshot, request, { perExchange: true }),
    ).toEqual(
      findRoutes({ ...request, pools: snapshot.pools, hopCache: createHopCache() }, { perExchange: true }),
    )
  })

  it('carries the route plan to each newer snapshot: priced on its pools, within 0.1 bp of a fresh search', async () => {
    const engine = createLocalQuoteEngine(createHopCache())
    await engine.findRoutes(snapshotAt(1n), request, { perExchange: false })
    for (const n of [2n, 3n]) {
      const snapshot = snapshotAt(n)
      const { best } = await engine.findRoutes(snapshot, request, { perExchange: false })
      const fresh = findRoutes(
        { ...request, pools: snapshot.pools, hopCache: createHopCache() },
        { perExchange: false },
      ).best
      // the plan's split, not a new search's: a little off on a moved pool, never 0.1 bp
      expect(best.amountOut).not.toBe(fresh.amountOut)
      expect(Number(fresh.amountOut - best.amountOut) / Number(fresh.amountOut)).toBeLessThan(1e-5)
      const pools = best.legs.flatMap((leg) => leg.hops.map((hop) => hop.pool))
      expect(pools.length).toBe(3)
      expect(pools.every((pool) => snapshot.pools.includes(pool))).toBe(true)
    }
  })

  it('rejects with the search’s RoutingError', async () => {
    const engine = createLocalQuoteEngine(createHopCache())
    await expect(
      engine.findRoutes(snapshotAt(1n), { ...request, tokenOut: testAddress(0x9) }, { perExchange: false }),
    ).rejects.toMatchObject({ name: 'RoutingError' })
  })
})
