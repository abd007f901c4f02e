import { describe, expect, it } from 'vitest'
import { compareGaslessNet } from './compareGaslessNet'

describe('compareGaslessNet', () => {
  it('values the gasless output at the quote’s price and takes gas off the normal swap', () => {
    expect(
      compareGaslessNet({
        quote: { toTokenAmount: '25000000000000000000', amountOutUsd: 25, gasCostUsd: 0.5 },
        gaslessAmountOut: 23_750_000_000_000_000_000n,
      }),
    ).toEqual({ gasPaidUsd: 24.5, gaslessUsd: 23.75 })
  })

  it('knows the gasless value without a gas price', () => {
    expect(
      compareGaslessNet({
        quote: { toTokenAmount: '200', amountOutUsd: 10, gasCostUsd: null },
        gaslessAmountOut: 100n,
      }),
    ).toEqual({ gasPaidUsd: undefined, gaslessUsd: 5 })
  })

  it('knows neither without an output price or an output', () => {
    expect(
      compareGaslessNet({
        quote: { toTokenAmount: '200', amountOutUsd: null, gasCostUsd: 1 },
        gaslessAmountOut: 100n,
      }),
    ).toEqual({ gasPaidUsd: undefined, gaslessUsd: undefined })
    expect(
      compareGaslessNet({
        quote: { toTokenAmount: '0', amountOutUsd: 3, gasCostUsd: 1 },
        gaslessAmountOut: 100n,
      }),
    ).toEqual({ gasPaidUsd: undefined, gaslessUsd: undefined })
  })
})
