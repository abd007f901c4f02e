import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { makeV2Pool, testAddress } from '../testPools'
import { simulateV2Swap } from './simulateV2Swap'

const E18 = 10n ** 18n
const a = testAddress(1)
const b = testAddress(2)
const pool = makeV2Pool({ id: 1, tokenA: a, tokenB: b, reserveA: 5n * E18, reserveB: 10n * E18 })

describe('simulateV2Swap', () => {
  it('exact in 0 -> 1 returns the amounts and the new reserves without mutating', () => {
    const r = simulateV2Swap(pool, { zeroForOne: true, amountSpecified: E18 })
    expect(r.amountOut).toBe(1662497915624478906n)
    expect(r.pool.reserve0).toBe(6n * E18)
    expect(r.pool.reserve1).toBe(10n * E18 - 1662497915624478906n)
    expect(pool.reserve0).toBe(5n * E18)
  })

  it('exact out 1 -> 0 charges getAmountIn and moves reserves the other way', () => {
    const r = simulateV2Swap(pool, { zeroForOne: false, amountSpecified: -E18 })
    expect(r.amountOut).toBe(E18)
    expect(r.amountIn).toBe(2507522567703109328n)
    expect(r.pool.reserve0).toBe(4n * E18)
    expect(r.pool.reserve1).toBe(10n * E18 + 2507522567703109328n)
  })

  it('reverts when the output rounds to zero or exceeds the reserve', () => {
    expect(() => simulateV2Swap(pool, { zeroForOne: false, amountSpecified: 1n })).toThrow(SwapRevertError)
    expect(() => simulateV2Swap(pool, { zeroForOne: true, amountSpecified: -10n * E18 })).toThrow(
      SwapRevertError,
    )
  })
})
