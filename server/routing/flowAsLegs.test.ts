import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { flowAsLegs } from './flowAsLegs'
import type { RouteStepQuote } from './quoteRouteSteps'

const E18 = 10n ** 18n
const A = testAddress(0xa1)
const B = testAddress(0xb2)
const M = testAddress(0xc3)
const am1 = makeV2Pool({ id: 1, tokenA: A, tokenB: M, reserveA: E18, reserveB: E18 })
const am2 = makeV2Pool({ id: 2, tokenA: A, tokenB: M, reserveA: E18, reserveB: E18 })
const mb = makeV2Pool({ id: 3, tokenA: M, tokenB: B, reserveA: E18, reserveB: E18 })
const ab = makeV2Pool({ id: 4, tokenA: A, tokenB: B, reserveA: E18, reserveB: E18 })

function step(
  pool: RouteStepQuote['pool'],
  tokenIn: typeof A,
  tokenOut: typeof A,
  amountIn: bigint,
  amountOut: bigint,
) {
  return { pool, tokenIn, tokenOut, share: 0n, amountIn, amountOut, ticksCrossed: 1 }
}

describe('flowAsLegs', () => {
  it('rewrites pool-disjoint paths as legs with the same amounts and the legs gas', () => {
    const steps = [step(am1, A, M, 60n, 59n), step(ab, A, B, 40n, 39n), step(mb, M, B, 59n, 58n)]
    const legs = flowAsLegs({
      steps,
      tokenIn: A,
      tokenOut: B,
      amountIn: 100n,
      gasPriceWei: 2n,
      nativePriceInTokenOut: { num: 1n, den: 1_000n },
    })
    expect(
      legs?.legs.map((leg) => [leg.amountIn, leg.amountOut, leg.hops.map((h) => h.pool.address)]),
    ).toEqual([
      [60n, 58n, [am1.address, mb.address]],
      [40n, 39n, [ab.address]],
    ])
    expect(legs?.amountOut).toBe(97n)
    // base 90k + 2 legs x 5k + 3 V2 hops x 60k
    expect(legs?.gasUnits).toBe(280_000n)
    expect(legs?.gasCostInToken).toBe(560n)
  })

  it('is null when two pools merge at an intermediate token', () => {
    const steps = [step(am1, A, M, 60n, 59n), step(am2, A, M, 40n, 39n), step(mb, M, B, 98n, 97n)]
    expect(flowAsLegs({ steps, tokenIn: A, tokenOut: B, amountIn: 100n })).toBeNull()
  })

  it('is null when an intermediate token fans out', () => {
    const mb2 = makeV2Pool({ id: 5, tokenA: M, tokenB: B, reserveA: E18, reserveB: E18 })
    const steps = [step(am1, A, M, 100n, 99n), step(mb, M, B, 50n, 49n), step(mb2, M, B, 49n, 48n)]
    expect(flowAsLegs({ steps, tokenIn: A, tokenOut: B, amountIn: 100n })).toBeNull()
  })

  it('is null when the first steps do not spend the whole input', () => {
    expect(
      flowAsLegs({ steps: [step(ab, A, B, 99n, 98n)], tokenIn: A, tokenOut: B, amountIn: 100n }),
    ).toBeNull()
  })
})
