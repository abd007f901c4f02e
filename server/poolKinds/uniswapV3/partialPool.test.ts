import { describe, expect, it } from 'vitest'
import { makeV3Pool, makeWideV3Pool, testAddress } from '../testPools'
import { createV3SwapQuoter } from './createV3SwapQuoter'
import { simulateV3Swap } from './simulateV3Swap'
import { getSqrtRatioAtTick } from './tickMath'
import type { V3PoolState } from './V3PoolState'

const E18 = 10n ** 18n
const full = makeWideV3Pool()
/** `full` as a load reads it: words -2..2 around its price, ticks -512..767 (a swap up stops at 767, the last word's end). */
const part: V3PoolState = {
  ...full,
  ticks: full.ticks.filter((t) => t.index >= -512 && t.index <= 767),
  tickWords: { first: -2, last: 2 },
}

describe('a V3 pool read in part', () => {
  it('quotes like the whole pool to the wei up to the edge of its known words, and no further', () => {
    for (const zeroForOne of [true, false]) {
      const edgeTick = zeroForOne ? -512 : 767
      const edgeLimit = getSqrtRatioAtTick(edgeTick)
      // what the whole pool takes and pays to move its price exactly to the edge: the steps split at the same words
      const toEdge = simulateV3Swap(full, {
        zeroForOne,
        amountSpecified: 10n ** 30n,
        sqrtPriceLimitX96: edgeLimit,
      })
      const quoter = createV3SwapQuoter(part, zeroForOne)
      const wholeQuoter = createV3SwapQuoter(full, zeroForOne)
      for (const amount of [1n, 10n ** 15n, toEdge.amountIn / 3n, toEdge.amountIn - 1n, toEdge.amountIn]) {
        expect(quoter.quoteExactIn(amount)).toEqual(wholeQuoter.quoteExactIn(amount))
        expect(simulateV3Swap(part, { zeroForOne, amountSpecified: amount }).amountOut).toBe(
          quoter.quoteExactIn(amount).amountOut,
        )
      }
      const past = quoter.quoteExactIn(toEdge.amountIn + 1n)
      expect([past.complete, past.amountIn, past.amountOut]).toEqual([
        false,
        toEdge.amountIn,
        toEdge.amountOut,
      ])
      expect(wholeQuoter.quoteExactIn(toEdge.amountIn + 1n).complete).toBe(true)
      const sim = simulateV3Swap(part, { zeroForOne, amountSpecified: toEdge.amountIn + 1n })
      expect([sim.complete, sim.amountIn, sim.amountOut, sim.pool.sqrtPriceX96]).toEqual([
        false,
        toEdge.amountIn,
        toEdge.amountOut,
        edgeLimit,
      ])
      expect(quoter.quoteExactOut(toEdge.amountOut)).toEqual(wholeQuoter.quoteExactOut(toEdge.amountOut))
      expect(quoter.quoteExactOut(toEdge.amountOut + 1n).complete).toBe(false)
      expect(quoter.approxExactIn(Number(toEdge.amountIn) * 1.01)).toBeNull()
      expect(quoter.approxExactIn(Number(toEdge.amountIn) * 0.99)).not.toBeNull()
    }
  })

  it('quotes nothing where its price has left the known words (a swap moved it there)', () => {
    const moved = { ...part, tick: 900, sqrtPriceX96: getSqrtRatioAtTick(900) }
    for (const zeroForOne of [true, false]) {
      expect(createV3SwapQuoter(moved, zeroForOne).quoteExactIn(1_000n)).toMatchObject({
        complete: false,
        amountIn: 0n,
      })
      expect(simulateV3Swap(moved, { zeroForOne, amountSpecified: 1_000n }).complete).toBe(false)
    }
  })

  it('stops an empty range at the edge, though a log added a tick beyond it', () => {
    // no liquidity in range; the next tick up (1,000: word 3) came from a Mint log, words 3 on are not read
    const empty = makeV3Pool({
      id: 2,
      token0: testAddress(1),
      token1: testAddress(2),
      tick: 0,
      tickSpacing: 1,
      positions: [{ lower: 1_000, upper: 1_100, liquidity: E18 }],
    })
    const partEmpty = { ...empty, tickWords: { first: -2, last: 2 } }
    expect(createV3SwapQuoter(empty, false).quoteExactIn(1_000n).complete).toBe(true)
    expect(createV3SwapQuoter(partEmpty, false).quoteExactIn(1_000n)).toMatchObject({
      complete: false,
      amountIn: 0n,
    })
    expect(simulateV3Swap(partEmpty, { zeroForOne: false, amountSpecified: 1_000n }).complete).toBe(false)
  })
})
