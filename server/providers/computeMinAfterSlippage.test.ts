import { describe, expect, it } from 'vitest'
import { computeMinAfterSlippage } from './computeMinAfterSlippage'

describe('computeMinAfterSlippage', () => {
  it('takes the slippage off the amount, rounded down', () => {
    expect(computeMinAfterSlippage(1_000_000n, 50n)).toBe(995_000n)
    expect(computeMinAfterSlippage(1_000_001n, 50n)).toBe(995_000n)
    expect(computeMinAfterSlippage(199n, 50n)).toBe(198n)
    expect(computeMinAfterSlippage(200n, 50n)).toBe(199n)
    expect(computeMinAfterSlippage(123n, 0n)).toBe(123n)
    expect(computeMinAfterSlippage(123n, 10_000n)).toBe(0n)
  })
})
