import { describe, expect, it } from 'vitest'
import { planWrapRoute, wrapGasUnits } from './planWrapRoute'

const wrapped = '0x1000000000000000000000000000000000000000'

describe('planWrapRoute', () => {
  it.each([
    ['exactIn', 1_000_000_000_000_000_000n, 0, 1_000_000_000_000_000_000n, 1_000_000_000_000_000_000n, 0n],
    ['exactIn', 1_000_001n, 30, 1_000_001n, 997_001n, 3_000n],
    ['exactIn', 1n, 30, 1n, 1n, 0n],
    ['exactOut', 997n, 30, 1_000n, 997n, 3n],
    ['exactOut', 1n, 30, 2n, 1n, 1n],
    ['exactOut', 5_000n, 0, 5_000n, 5_000n, 0n],
  ] as const)(
    '%s %s at %i bps: in %s, out %s, fee %s',
    (tradeType, amount, feeBps, amountIn, amountOut, feeAmount) => {
      const route = planWrapRoute({ wrapped, tradeType, amount, feeBps })
      expect(route).toEqual({
        tradeType,
        tokenIn: wrapped,
        tokenOut: wrapped,
        amountIn,
        amountOut,
        amountOutGross: amountOut + feeAmount,
        feeAmount,
        feeBps,
        legs: [],
        gasUnits: wrapGasUnits,
        gasCostInToken: 0n,
      })
    },
  )
})
