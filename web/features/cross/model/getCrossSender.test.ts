import { describe, expect, it } from 'vitest'
import { getCrossSender } from './getCrossSender'

describe('getCrossSender', () => {
  it.each([
    { sourceEvm: true, account: '0x1', typedRefund: 'bc1typed', devnetAddress: 'bc1q', expected: '0x1' },
    {
      sourceEvm: true,
      account: undefined,
      typedRefund: 'bc1typed',
      devnetAddress: 'bc1q',
      expected: undefined,
    },
    {
      sourceEvm: false,
      account: '0x1',
      typedRefund: ' bc1typed ',
      devnetAddress: 'bc1q',
      expected: 'bc1typed',
    },
    { sourceEvm: false, account: '0x1', typedRefund: ' ', devnetAddress: 'bc1q', expected: 'bc1q' },
    { sourceEvm: false, account: '0x1', typedRefund: '', devnetAddress: undefined, expected: undefined },
  ])('EVM $sourceEvm, refund "$typedRefund" -> $expected', ({ expected, ...params }) => {
    expect(getCrossSender(params)).toBe(expected)
  })
})
