import { describe, expect, it } from 'vitest'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { simulateV2Swap } from '../poolKinds/uniswapV2/simulateV2Swap'
import { simulateV3Swap } from '../poolKinds/uniswapV3/simulateV3Swap'
import { createHopCache } from './createHopCache'
import { quoteRouteSteps, STEP_SHARE_ONE } from './quoteRouteSteps'

const E18 = 10n ** 18n
const A = testAddress(1)
const B = testAddress(2)
const C = testAddress(3)
const abOne = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 2_000n * E18 })
const abTwo = makeV2Pool({ id: 2, tokenA: A, tokenB: B, reserveA: 500n * E18, reserveB: 1_050n * E18 })
const bc = makeV3Pool({
  id: 3,
  token0: B,
  token1: C,
  tick: 0,
  positions: [{ lower: -6000, upper: 6000, liquidity: 10n ** 22n }],
})

describe('quoteRouteSteps', () => {
  it('splits by shares (floored, the last step takes the rest) and merges into one pool, as the contract does', () => {
    const amountIn = 10n * E18 + 7n
    const share = STEP_SHARE_ONE / 3n
    const first = (amountIn * share) / STEP_SHARE_ONE
    const b1 = simulateV2Swap(abOne, { zeroForOne: true, amountSpecified: first }).amountOut
    const b2 = simulateV2Swap(abTwo, { zeroForOne: true, amountSpecified: amountIn - first }).amountOut
    const c = simulateV3Swap(bc, { zeroForOne: true, amountSpecified: b1 + b2 }).amountOut
    const quote = quoteRouteSteps({
      tokenIn: A,
      tokenOut: C,
      amountIn,
      steps: [
        { pool: abOne, tokenIn: A, tokenOut: B, share },
        { pool: abTwo, tokenIn: A, tokenOut: B, share: STEP_SHARE_ONE },
        { pool: bc, tokenIn: B, tokenOut: C, share: STEP_SHARE_ONE },
      ],
    })
    expect(quote?.amountOut).toBe(c)
    expect(quote?.steps.map((s) => [s.amountIn, s.amountOut])).toEqual([
      [first, b1],
      [amountIn - first, b2],
      [b1 + b2, c],
    ])
  })

  it('memoizes its hops in a given hop cache and answers the same from it', () => {
    const hopCache = createHopCache()
    const amountIn = 3n * E18
    const steps = [
      { pool: abOne, tokenIn: A, tokenOut: B, share: STEP_SHARE_ONE },
      { pool: bc, tokenIn: B, tokenOut: C, share: STEP_SHARE_ONE },
    ]
    const b = simulateV2Swap(abOne, { zeroForOne: true, amountSpecified: amountIn }).amountOut
    const first = quoteRouteSteps({ tokenIn: A, tokenOut: C, amountIn, steps, hopCache })
    expect(hopCache.hops(abOne, '>+0,0').get(amountIn)).toEqual({
      sent: amountIn,
      received: b,
      ticksCrossed: 0,
    })
    expect(quoteRouteSteps({ tokenIn: A, tokenOut: C, amountIn, steps, hopCache })).toEqual(first)
    expect(quoteRouteSteps({ tokenIn: A, tokenOut: C, amountIn, steps })).toEqual(first)
  })

  it('is null where the contract reverts: something left behind, an unheld input, a pool used twice, a taxed V3 input', () => {
    const base = { tokenIn: A, tokenOut: C, amountIn: E18 }
    const all = STEP_SHARE_ONE
    expect(
      quoteRouteSteps({
        ...base,
        steps: [
          { pool: abOne, tokenIn: A, tokenOut: B, share: all },
          { pool: bc, tokenIn: B, tokenOut: C, share: all / 2n },
        ],
      }),
    ).toBeNull()
    expect(
      quoteRouteSteps({ ...base, steps: [{ pool: bc, tokenIn: B, tokenOut: C, share: all }] }),
    ).toBeNull()
    expect(
      quoteRouteSteps({
        ...base,
        tokenOut: B,
        steps: [
          { pool: abOne, tokenIn: A, tokenOut: B, share: all / 2n },
          { pool: abOne, tokenIn: A, tokenOut: B, share: all },
        ],
      }),
    ).toBeNull()
    expect(
      quoteRouteSteps({
        ...base,
        tokenIn: B,
        steps: [{ pool: bc, tokenIn: B, tokenOut: C, share: all }],
        transferFeeBps: (token) => (token === B ? 100 : 0),
      }),
    ).toBeNull()
  })
})
