import { describe, expect, it } from 'vitest'
import { makeV3Pool, testAddress } from '../testPools'
import { createV3SwapQuoter } from './createV3SwapQuoter'
import { simulateV3Swap } from './simulateV3Swap'

const E18 = 10n ** 18n
const token0 = testAddress(1)
const token1 = testAddress(2)
const pools = [
  makeV3Pool({
    id: 1,
    token0,
    token1,
    tick: 0,
    positions: [
      { lower: -120, upper: 120, liquidity: E18 },
      { lower: -60, upper: 60, liquidity: 2n * E18 },
      { lower: -240, upper: -180, liquidity: 5n * E18 },
      { lower: 300, upper: 900, liquidity: 3n * E18 },
    ],
  }),
  makeV3Pool({
    id: 2,
    token0,
    token1,
    tick: -7,
    tickSpacing: 1,
    fee: 500,
    positions: [
      { lower: -700, upper: 700, liquidity: 10n * E18 },
      { lower: -300, upper: 2, liquidity: 7n * E18 + 12345n },
      { lower: -2000, upper: -1000, liquidity: 1n * E18 },
    ],
  }),
]

describe('createV3SwapQuoter', () => {
  it('matches simulateV3Swap to the wei for exact in and exact out, both directions, on and around step edges', () => {
    let compared = 0
    for (const pool of pools) {
      for (const zeroForOne of [true, false]) {
        const quoter = createV3SwapQuoter(pool, zeroForOne)
        const amounts = new Set<bigint>([1n, 2n, 999n])
        for (let k = 1n; k <= 60n; k++) amounts.add((k * k * k * 10n ** 13n) / 7n)
        // Exact step edges: the input that just fills a step, and its neighbours.
        for (const base of [...amounts]) {
          const sim = simulateV3Swap(pool, { zeroForOne, amountSpecified: base })
          for (const d of [-1n, 0n, 1n]) if (sim.amountIn + d > 0n) amounts.add(sim.amountIn + d)
        }
        for (const amount of amounts) {
          const simIn = simulateV3Swap(pool, { zeroForOne, amountSpecified: amount })
          const fastIn = quoter.quoteExactIn(amount)
          expect(fastIn.complete).toBe(simIn.complete)
          if (simIn.complete) {
            expect([fastIn.amountIn, fastIn.amountOut, fastIn.ticksCrossed]).toEqual([
              simIn.amountIn,
              simIn.amountOut,
              simIn.ticksCrossed,
            ])
          }
          const simOut = simulateV3Swap(pool, { zeroForOne, amountSpecified: -amount })
          const fastOut = quoter.quoteExactOut(amount)
          expect(fastOut.complete).toBe(simOut.complete)
          if (simOut.complete) {
            expect([fastOut.amountIn, fastOut.amountOut]).toEqual([simOut.amountIn, simOut.amountOut])
          }
          compared++
        }
      }
    }
    expect(compared > 400).toBe(true)
  })

  it('approximates exact-in outputs in floating point within 1e-9 (and the wei it rounds) of the exact math, with the ticks crossed, and fails where it does', () => {
    let compared = 0
    let unfilled = 0
    for (const pool of pools) {
      for (const zeroForOne of [true, false]) {
        const quoter = createV3SwapQuoter(pool, zeroForOne)
        // a second quoter whose table only the approximation grows (the first one's, the exact quotes do too)
        const fresh = createV3SwapQuoter(pool, zeroForOne)
        // 1e8 up by factors of 1.4: from dust to past what the pool holds
        for (let k = 0; k < 100; k++) {
          const amount = BigInt(Math.floor(1e8 * 1.4 ** k))
          const exact = quoter.quoteExactIn(amount)
          const crossed = { ticks: -1 }
          const approxes = [
            quoter.approxExactIn(Number(amount)),
            fresh.approxExactIn(Number(amount), crossed),
          ]
          // the ticks the exact swap crosses (but at a range's very end, which a float input rarely meets)
          if (exact.complete) expect(crossed.ticks).toBe(exact.ticksCrossed)
          for (const approx of approxes) {
            if (!exact.complete) {
              expect(approx).toBeNull()
              unfilled++
              continue
            }
            // the exact math rounds each step to the wei
            const error = Math.abs((approx ?? 0) - Number(exact.amountOut))
            expect(error).toBeLessThan(Number(exact.amountOut) * 1e-9 + 2)
            compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300)
    expect(unfilled).toBeGreaterThan(10)
    expect(createV3SwapQuoter(pools[0] as (typeof pools)[0], true).approxExactIn(0)).toBeNull()
  })
})
