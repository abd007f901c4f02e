import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { buildPoolGraph } from './buildPoolGraph'
import { createPathQuoter, type PathQuoter } from './createPathQuoter'
import { selectCandidatePaths } from './selectCandidatePaths'

const E18 = 10n ** 18n

/** `quoter`, calling `onHop` with the pool of each hop it simulates (exactly or in floating point). */
function countingQuoter(quoter: PathQuoter, onHop: (poolId: number) => void): PathQuoter {
  return Object.assign(Object.create(quoter) as PathQuoter, {
    hopExactIn(...args: Parameters<PathQuoter['hopExactIn']>) {
      onHop(args[0])
      return quoter.hopExactIn(...args)
    },
    hopNearIn(...args: Parameters<PathQuoter['hopNearIn']>) {
      onHop(args[0])
      return quoter.hopNearIn(...args)
    },
  })
}
const TKN = testAddress(0x4)
const WETH = testAddress(0x1)
const USDC = testAddress(0x2)

describe('selectCandidatePaths', () => {
  // TKN -> WETH through one pair; WETH -> USDC through five deep pairs at 3,000, three stale ones at 2,900 and
  // two shallow ones at 3,100 (the best spot rate, too shallow for the whole trade, the best for a sixteenth)
  const first = makeV2Pool({ id: 1, tokenA: TKN, tokenB: WETH, reserveA: 1_000n * E18, reserveB: 100n * E18 })
  const pair = (id: number, weth: bigint, price: bigint) =>
    makeV2Pool({ id, tokenA: WETH, tokenB: USDC, reserveA: weth * E18, reserveB: weth * price * E18 })
  const shallow = [pair(20, 10n, 3_100n), pair(21, 10n, 3_100n)]
  const deep = [100n, 90n, 80n, 70n, 60n].map((weth, k) => pair(10 + k, weth, 3_000n))
  const stale = [pair(30, 200n, 2_900n), pair(31, 150n, 2_900n), pair(32, 100n, 2_900n)]
  const pools = [first, ...shallow, ...deep, ...stale]
  const graph = buildPoolGraph({ pools })
  const tokenPaths = [[TKN, WETH, USDC].map((t) => t.toLowerCase())]

  it('takes the five pools of a hop that give the most, simulating the others only while they could', () => {
    let simulated = 0
    const quoter = createPathQuoter({ pools: graph.pools, transferFeeBps: () => 0 })
    const counting = countingQuoter(quoter, () => simulated++)
    const candidates = selectCandidatePaths({
      graph,
      quoter: counting,
      tokenPaths,
      tradeType: 'exactIn',
      amount: 10n * E18,
    })
    const poolOf = (id: number | undefined) => graph.pools[id ?? -1]?.address
    // the five deep pairs for the full amount, and the best for a sixteenth of it (the first shallow pair)
    expect(candidates.map((c) => poolOf(c.poolIds[1]))).toEqual([
      ...deep.map((p) => p.address),
      shallow[0]?.address,
    ])
    // each probe simulates the first hop, then the second hop's pairs in order of spot rate until five (the
    // full amount) or one (a sixteenth) give more than the next could: the full amount's stops before the
    // stale pairs, the sixteenth's before the deep ones
    expect(simulated).toBe(1 + 7 + 1 + 2)
  })

  it('probes no token path whose spot rates cannot reach the scores kept (exact input)', () => {
    // a direct pair at 100 USDC a TKN against ~300 through WETH: with one path kept per probe it is never probed
    const direct = makeV2Pool({
      id: 40,
      tokenA: TKN,
      tokenB: USDC,
      reserveA: 1_000n * E18,
      reserveB: 100_000n * E18,
    })
    const withDirect = buildPoolGraph({ pools: [...pools, direct] })
    const quoter = createPathQuoter({ pools: withDirect.pools, transferFeeBps: () => 0 })
    const simulatedPools: string[] = []
    const counting = countingQuoter(quoter, (id) => simulatedPools.push(withDirect.pools[id]?.address ?? ''))
    const candidates = selectCandidatePaths({
      graph: withDirect,
      quoter: counting,
      tokenPaths: [[TKN, USDC].map((t) => t.toLowerCase()), ...tokenPaths],
      tradeType: 'exactIn',
      amount: 10n * E18,
      tokenPathsPerProbe: 1,
    })
    expect(simulatedPools).not.toContain(direct.address)
    expect(simulatedPools).toHaveLength(1 + 7 + 1 + 2)
    expect(candidates.map((c) => c.poolIds.length)).toEqual([2, 2, 2, 2, 2, 2])
  })

  it('ranks the paths of a tiny trade by its exact hops, which round each to the wei', () => {
    // 1,000 wei of TKN: through X the first hop gives 3.99 units in real numbers but 3 exactly, and the second
    // multiplies by 100 (a float probe's 398 is 299); through Y 349 and 347 (346 exactly): only Y is chosen
    const X = testAddress(0x5)
    const Y = testAddress(0x6)
    const E24 = 10n ** 24n
    const viaX = [
      makeV2Pool({ id: 50, tokenA: TKN, tokenB: X, reserveA: E24, reserveB: (E24 * 4n) / 1_000n }),
      makeV2Pool({ id: 51, tokenA: X, tokenB: USDC, reserveA: E24, reserveB: E24 * 100n }),
    ]
    const viaY = [
      makeV2Pool({ id: 52, tokenA: TKN, tokenB: Y, reserveA: E24, reserveB: (E24 * 35n) / 100n }),
      makeV2Pool({ id: 53, tokenA: Y, tokenB: USDC, reserveA: E24, reserveB: E24 }),
    ]
    const tiny = buildPoolGraph({ pools: [...viaX, ...viaY] })
    const candidates = selectCandidatePaths({
      graph: tiny,
      quoter: createPathQuoter({ pools: tiny.pools, transferFeeBps: () => 0 }),
      tokenPaths: [
        [TKN, X, USDC],
        [TKN, Y, USDC],
      ].map((path) => path.map((t) => t.toLowerCase())),
      tradeType: 'exactIn',
      amount: 1_000n,
      tokenPathsPerProbe: 1,
    })
    expect(candidates.map((c) => c.poolIds.map((id) => tiny.pools[id]?.address))).toEqual([
      viaY.map((p) => p.address),
    ])
  })
})
