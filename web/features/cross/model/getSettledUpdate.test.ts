import { describe, expect, it } from 'vitest'
import { getSettledUpdate } from './getSettledUpdate'

describe('getSettledUpdate', () => {
  it.each([
    {
      settled: { delivered: true, amountReceived: '25000000', refunded: undefined },
      expected: { status: 'success', received: '25000000' },
    },
    {
      settled: { delivered: true, amountReceived: undefined, refunded: undefined },
      expected: { status: 'success' },
    },
    {
      settled: { delivered: false, amountReceived: '1', refunded: '30000000' },
      expected: { status: 'failed', refunded: '30000000' },
    },
    {
      settled: { delivered: false, amountReceived: undefined, refunded: undefined },
      expected: { status: 'failed' },
    },
  ])('$settled -> $expected', ({ settled, expected }) => {
    expect(getSettledUpdate(settled)).toEqual(expected)
  })
})
