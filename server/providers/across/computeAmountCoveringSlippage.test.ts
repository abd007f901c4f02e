import { describe, expect, it } from 'vitest'
import { computeMinAfterSlippage } from '../computeMinAfterSlippage'
import { computeAmountCoveringSlippage } from './computeAmountCoveringSlippage'

describe('computeAmountCoveringSlippage', () => {
  it('is the least amount whose minimum after the slippage still pays the amount', () => {
    expect(computeAmountCoveringSlippage(995_000n, 50n)).toBe(1_000_000n)
    expect(computeAmountCoveringSlippage(995_001n, 50n)).toBe(1_000_002n)
    expect(computeAmountCoveringSlippage(1_000n, 0n)).toBe(1_000n)
    expect(computeAmountCoveringSlippage(0n, 50n)).toBe(0n)
  })

  it('is exact: one less falls short after the slippage', () => {
    for (const [amount, slippageBps] of [
      [995_001n, 50n],
      [1n, 1n],
      [123_456_789n, 300n],
      [10n ** 18n + 7n, 9_999n],
    ] as const) {
      const covering = computeAmountCoveringSlippage(amount, slippageBps)
      expect(computeMinAfterSlippage(covering, slippageBps) >= amount).toBe(true)
      expect(computeMinAfterSlippage(covering - 1n, slippageBps) < amount).toBe(true)
    }
  })
})
