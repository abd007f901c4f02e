import { describe, expect, it } from 'vitest'
import { computeLpFee } from './computeLpFee'

describe('computeLpFee', () => {
  it.each([
    ['one 0.3% hop', [{ amountOut: 997n, feesPips: [3000] }], 3n, 0.3],
    ['two 0.3% hops compound', [{ amountOut: 994_009n, feesPips: [3000, 3000] }], 5_991n, 0.5991],
    [
      'two legs with different pools',
      [
        { amountOut: 997n, feesPips: [3000] },
        { amountOut: 9_995n, feesPips: [500] },
      ],
      8n,
      0.0727,
    ],
    ['a fee-free pool', [{ amountOut: 1_000n, feesPips: [0] }], 0n, 0],
    ['no legs', [], 0n, 0],
  ])('%s', (_name, legs, amount, percent) => {
    expect(computeLpFee(legs)).toEqual({ amount, percent })
  })
})
