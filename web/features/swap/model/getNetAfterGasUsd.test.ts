import { describe, expect, it } from 'vitest'
import { getNetAfterGasUsd } from './getNetAfterGasUsd'

describe('getNetAfterGasUsd', () => {
  it('subtracts gas from the output for exact input', () => {
    expect(getNetAfterGasUsd({ tradeType: 0, amountInUsd: 30, amountOutUsd: 29.5, gasCostUsd: 0.5 })).toBe(29)
  })
  it('adds gas to the input for exact output', () => {
    expect(getNetAfterGasUsd({ tradeType: 1, amountInUsd: 30, amountOutUsd: 29.5, gasCostUsd: 0.5 })).toBe(
      30.5,
    )
  })
  it('is undefined without a price', () => {
    expect(
      getNetAfterGasUsd({ tradeType: 0, amountInUsd: 30, amountOutUsd: null, gasCostUsd: 0.5 }),
    ).toBeUndefined()
    expect(
      getNetAfterGasUsd({ tradeType: 0, amountInUsd: 30, amountOutUsd: 29, gasCostUsd: null }),
    ).toBeUndefined()
  })
})
