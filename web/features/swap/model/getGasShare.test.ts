import { describe, expect, it } from 'vitest'
import { getGasShare } from './getGasShare'

describe('getGasShare', () => {
  it('is the gas cost over the larger side of the trade', () => {
    expect(getGasShare({ gasCostUsd: 1, amountInUsd: 20, amountOutUsd: 10 })).toEqual({
      percent: 5,
      warn: false,
    })
  })
  it('warns above 10%', () => {
    expect(getGasShare({ gasCostUsd: 3, amountInUsd: 20, amountOutUsd: 19 })).toEqual({
      percent: 15,
      warn: true,
    })
    expect(getGasShare({ gasCostUsd: 2, amountInUsd: 20, amountOutUsd: 19 })).toEqual({
      percent: 10,
      warn: false,
    })
  })
  it('is undefined without prices', () => {
    expect(getGasShare({ gasCostUsd: null, amountInUsd: 20, amountOutUsd: 19 })).toBeUndefined()
    expect(getGasShare({ gasCostUsd: 1, amountInUsd: null, amountOutUsd: null })).toBeUndefined()
  })
})
