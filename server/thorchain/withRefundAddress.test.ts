import { describe, expect, it } from 'vitest'
import { withRefundAddress } from './withRefundAddress'

describe('withRefundAddress', () => {
  it.each([
    ['=:b:bcrt1qdest:1000', '=:b:bcrt1qdest/0xabc:1000'],
    ['=:b:bcrt1qdest', '=:b:bcrt1qdest/0xabc'],
    ['=:b:bcrt1qdest:1/3/0:tr:50', '=:b:bcrt1qdest/0xabc:1/3/0:tr:50'],
  ])('puts the refund address after the destination of %s', (memo, expected) => {
    expect(withRefundAddress(memo, '0xabc')).toBe(expected)
  })

  it.each([
    ['=:b', 'missing destination address'],
    ['=:b:bcrt1qdest/0xdef:1', 'the memo has a refund address already'],
  ])('refuses %s', (memo, reason) => {
    expect(() => withRefundAddress(memo, '0xabc')).toThrow(reason)
  })
})
