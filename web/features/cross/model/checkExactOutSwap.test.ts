import { describe, expect, it } from 'vitest'
import { checkExactOutSwap } from './checkExactOutSwap'

describe('checkExactOutSwap', () => {
  it('passes a transaction paying exactly the amount asked', () => {
    expect(
      checkExactOutSwap({ amountOut: '25000000', minAmountOut: '25000000' }, 25_000_000n),
    ).toBeUndefined()
  })

  it('refuses one paying more, less, or with a lower minimum', () => {
    for (const swap of [
      { amountOut: '25000001', minAmountOut: '25000001' },
      { amountOut: '24999999', minAmountOut: '24999999' },
      { amountOut: '25000000', minAmountOut: '24750000' },
    ])
      expect(() => checkExactOutSwap(swap, 25_000_000n)).toThrow(
        expect.objectContaining({ name: 'ClientError', code: 'INVALID_TRANSACTION' }),
      )
  })
})
