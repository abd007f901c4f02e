import { describe, expect, it } from 'vitest'
import { getCrossReceiver } from './getCrossReceiver'

describe('getCrossReceiver', () => {
  it.each([
    { typed: ' 0xabc ', destinationEvm: true, account: '0x1', devnetAddress: 'bc1q', expected: '0xabc' },
    { typed: '  ', destinationEvm: true, account: '0x1', devnetAddress: 'bc1q', expected: '0x1' },
    { typed: '', destinationEvm: true, account: undefined, devnetAddress: 'bc1q', expected: undefined },
    { typed: '', destinationEvm: false, account: '0x1', devnetAddress: 'bc1q', expected: 'bc1q' },
    { typed: '', destinationEvm: false, account: '0x1', devnetAddress: undefined, expected: undefined },
  ])('typed "$typed", EVM $destinationEvm -> $expected', ({ expected, ...params }) => {
    expect(getCrossReceiver(params)).toBe(expected)
  })
})
