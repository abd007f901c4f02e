import { describe, expect, it } from 'vitest'
import { formatReferenceMemo } from './formatReferenceMemo'
import { parseReferenceMemo } from './parseReferenceMemo'

describe('parseReferenceMemo', () => {
  it('reads the asset and everything after it as the registered memo', () => {
    const memo = '=:ETH.ETH:0x1d2f5f7e09d7d8d3c5b4a5f7f3b2a1c0d9e8f7a6:2500000'
    expect(formatReferenceMemo('BTC.BTC', memo)).toBe(`REFERENCE:BTC.BTC:${memo}`)
    expect(parseReferenceMemo(formatReferenceMemo('BTC.BTC', memo))).toEqual({
      asset: { chain: 'BTC', symbol: 'BTC' },
      memo,
    })
    expect(parseReferenceMemo('reference:b:=:d:DDogeAddress/bcrt1qrefund')).toEqual({
      asset: { chain: 'BTC', symbol: 'BTC' },
      memo: '=:d:DDogeAddress/bcrt1qrefund',
    })
  })

  it.each([
    ['REF:BTC.BTC:=:ETH.ETH:0xabc', /not a reference memo: REF/],
    ['=:ETH.ETH:0xabc', /not a reference memo: =/],
    ['REFERENCE:BTC:=:ETH.ETH:0xabc', /invalid asset: BTC/],
    ['REFERENCE:BTC.BTC', /memo cannot be blank/],
    ['REFERENCE:BTC.BTC:', /memo cannot be blank/],
    ['REFERENCE:BTC.BTC:ADD:BTC.BTC', /embedded memo is invalid: not a swap memo: ADD/],
    ['REFERENCE:BTC.BTC:=:ETH.ETH', /embedded memo is invalid: missing destination/],
  ])('refuses %s', (text, message) => {
    expect(() => parseReferenceMemo(text)).toThrow(message)
  })
})
