import { describe, expect, it } from 'vitest'
import { applyTransferFee } from './applyTransferFee'
import { computeAmountInMax } from './computeAmountInMax'
import { computeAmountOutMin } from './computeAmountOutMin'
import { computeGrossAmountOut } from './computeGrossAmountOut'
import { computeIntegratorFee } from './computeIntegratorFee'

describe('computeIntegratorFee', () => {
  it.each([
    [1_000_000n, 0, 0n, 1_000_000n],
    [1_000_000n, 30, 3_000n, 997_000n],
    [9_999n, 1, 0n, 9_999n],
    [10_000n, 1, 1n, 9_999n],
    [123_456_789n, 1000, 12_345_678n, 111_111_111n],
  ])('gross %s at %i bps -> fee %s, receiver %s', (amountOutGross, feeBps, fee, rest) => {
    expect(computeIntegratorFee({ amountOutGross, feeBps })).toEqual({
      feeAmount: fee,
      amountOutAfterFee: rest,
    })
  })
})

describe('computeGrossAmountOut', () => {
  it.each([
    [1_000_000n, 0, 1_000_000n],
    [997_000n, 30, 1_000_000n],
    [997_001n, 30, 1_000_002n],
    [1n, 1000, 2n],
    [9n, 1000, 10n],
  ])('net %s at %i bps -> gross %s', (amountOut, feeBps, gross) => {
    const r = computeGrossAmountOut({ amountOut, feeBps })
    expect(r.amountOutGross).toBe(gross)
    expect(r.feeAmount).toBe(gross - amountOut)
  })

  it('is the smallest gross with gross*(10000-fee) >= net*10000 (boundary pair)', () => {
    for (const [amountOut, feeBps] of [
      [997_001n, 30],
      [123_457n, 777],
      [1n, 1000],
    ] as const) {
      const { amountOutGross } = computeGrossAmountOut({ amountOut, feeBps })
      const keep = BigInt(10_000 - feeBps)
      expect(amountOutGross * keep >= amountOut * 10_000n).toBe(true)
      expect((amountOutGross - 1n) * keep < amountOut * 10_000n).toBe(true)
    }
  })
})

describe('slippage', () => {
  it.each([
    [1_000_000n, 50, 995_000n],
    [999n, 50, 994n],
    [1n, 50, 0n],
    [1_000_000n, 0, 1_000_000n],
  ])('amountOutMin(%s, %i bps) = %s', (amountOut, slippageBps, expected) => {
    expect(computeAmountOutMin({ amountOut, slippageBps })).toBe(expected)
  })

  it.each([
    [1_000_000n, 50, 1_005_000n],
    [999n, 50, 1004n],
    [1n, 50, 2n],
    [1_000_000n, 0, 1_000_000n],
  ])('amountInMax(%s, %i bps) = %s', (amountIn, slippageBps, expected) => {
    expect(computeAmountInMax({ amountIn, slippageBps })).toBe(expected)
  })
})

describe('applyTransferFee', () => {
  it.each([
    [1_000n, 0, 1_000n],
    [1_000n, 500, 950n],
    [19n, 500, 19n],
    [20n, 500, 19n],
  ])('%s with %i bps tax -> %s', (amount, bps, expected) => {
    expect(applyTransferFee(amount, bps)).toBe(expected)
  })
})
