import { describe, expect, it } from 'vitest'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { createPathQuoter } from './createPathQuoter'

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const C = testAddress(0xc3)
// A -> B over a V2 pair, B -> C over a V3 pool with three nested ranges
const pair = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
const [token0 = B, token1 = C] = [B, C].sort()
const v3 = makeV3Pool({
  id: 2,
  token0,
  token1,
  tick: 0,
  positions: [
    { lower: -600, upper: 600, liquidity: 10n * E18 },
    { lower: -120, upper: 120, liquidity: 30n * E18 },
    { lower: -60, upper: 60, liquidity: 50n * E18 },
  ],
})
const path = { poolIds: [0, 1], tokens: [A, B, C] }

describe('createPathQuoter: pathApproxIn', () => {
  it("equals the exact quote's output within 1e-9 in floats, with each hop's ticks crossed", () => {
    const quoter = createPathQuoter({ pools: [pair, v3], transferFeeBps: () => 0 })
    for (const amount of [E18 / 1000n, E18 / 10n, (4n * E18) / 10n]) {
      const exact = quoter.quoteExactIn(path, amount)
      const ticks: number[] = []
      const approx = quoter.pathApproxIn(path, Number(amount), ticks)
      expect(Math.abs((approx ?? 0) - Number(exact?.amountOut)) / Number(exact?.amountOut)).toBeLessThan(1e-9)
      expect(ticks).toEqual(exact?.hops.map((hop) => hop.ticksCrossed))
    }
    // 0.4 A cross the inner range's ticks: the sample above is no trivial zero
    expect(quoter.quoteExactIn(path, (4n * E18) / 10n)?.hops[1]?.ticksCrossed).toBeGreaterThan(0)
  })

  it('is null where the exact quote is: past what the pools hold', () => {
    const quoter = createPathQuoter({ pools: [pair, v3], transferFeeBps: () => 0 })
    expect(quoter.quoteExactIn(path, 10n * E18)).toBeNull()
    expect(quoter.pathApproxIn(path, 1e19)).toBeNull()
  })
})

describe('createPathQuoter: hopNearIn', () => {
  it('is the exact output below 1e6 base units and within a millionth of it above, with the ticks crossed', () => {
    const quoter = createPathQuoter({ pools: [pair, v3], transferFeeBps: () => 0 })
    const crossed = { ticks: -1 }
    // 999 wei of B: the exact hop's output, to the wei (the float simulation would give a fraction more)
    const tiny = quoter.hopExactIn(1, B, 999n)
    expect(quoter.hopNearIn(1, B, 999.7, crossed)).toBe(Number(tiny?.received))
    expect(crossed.ticks).toBe(0)
    expect(quoter.hopApproxIn(1, B, 999)).not.toBe(Number(tiny?.received))
    const large = quoter.hopExactIn(1, B, (4n * E18) / 10n)
    const near = quoter.hopNearIn(1, B, 0.4e18, crossed) ?? 0
    expect(Math.abs(near - Number(large?.received)) / Number(large?.received)).toBeLessThan(1e-9)
    expect(crossed.ticks).toBe(large?.ticksCrossed)
    expect(crossed.ticks).toBeGreaterThan(0)
    expect(quoter.hopNearIn(1, B, 1e19)).toBeNull()
  })
})
