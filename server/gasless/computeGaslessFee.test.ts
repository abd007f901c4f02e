import { describe, expect, it } from 'vitest'
import { computeGaslessFee, convertWeiToToken, gaslessGasUnits } from './computeGaslessFee'

describe('computeGaslessFee', () => {
  it('budgets the base gas and each step', () => {
    expect(gaslessGasUnits(1)).toBe(450_000n)
    expect(gaslessGasUnits(2)).toBe(600_000n)
  })

  it('prices 1.5x the gas cost in the source token, rounded up', () => {
    // 200k gas at 10 gwei = 0.002 ETH, x1.5 = 0.003 ETH; at $3000/ETH and $1/USDC: 9 USDC (6 decimals)
    expect(
      computeGaslessFee({
        gasUnits: 200_000n,
        gasPrice: 10_000_000_000n,
        nativeUsd: 3000,
        srcUsd: 1,
        srcDecimals: 6,
      }),
    ).toBe(9_000_000n)
  })

  it('is undefined without both prices and at least one base unit', () => {
    expect(convertWeiToToken({ wei: 1n, nativeUsd: undefined, srcUsd: 1, srcDecimals: 6 })).toBeUndefined()
    expect(convertWeiToToken({ wei: 1n, nativeUsd: 3000, srcUsd: 0, srcDecimals: 6 })).toBeUndefined()
    expect(convertWeiToToken({ wei: 1n, nativeUsd: 3000, srcUsd: 1, srcDecimals: 6 })).toBe(1n)
  })
})
