import { describe, expect, it } from 'vitest'
import { parseSwapMemo } from './parseSwapMemo'
import { formatThorAsset, parseThorAsset } from './thorAsset'

describe('parseSwapMemo', () => {
  it('reads the full form, shortcodes, exponent limits, streaming and an affiliate', () => {
    expect(parseSwapMemo('=:ETH.ETH:0xabc:123456:tr:50')).toEqual({
      asset: { chain: 'ETH', symbol: 'ETH' },
      destination: '0xabc',
      limit: 123_456n,
      affiliate: 'tr',
      affiliateBps: 50,
    })
    expect(parseSwapMemo('s:b:bcrt1qxyz:5e6/3/0')).toEqual({
      asset: { chain: 'BTC', symbol: 'BTC' },
      destination: 'bcrt1qxyz',
      limit: 5_000_000n,
      streaming: { interval: 3, quantity: 0 },
      affiliateBps: 0,
    })
    expect(parseSwapMemo('=:b:bcrt1qxyz/0xabc:1')).toEqual({
      asset: { chain: 'BTC', symbol: 'BTC' },
      destination: 'bcrt1qxyz',
      refundAddress: '0xabc',
      limit: 1n,
      affiliateBps: 0,
    })
    expect(parseSwapMemo('SWAP:eth.usdc-0xa0b8:0xdef').asset).toEqual({
      chain: 'ETH',
      symbol: 'USDC',
      contract: '0XA0B8',
    })
  })

  it.each([
    ['ADD:BTC.BTC:x', /not a swap memo/],
    ['=:BTC:x', /invalid asset/],
    ['=:BTC.BTC', /missing destination/],
    ['=:BTC.BTC:x:12.5', /invalid limit/],
    ['=:BTC.BTC:x:1::30', /needs an affiliate/],
    ['=:BTC.BTC:x:1:tr:1001', /above 1000 bps/],
    ['=:BTC.BTC:x:1/a/2', /invalid streaming interval/],
    ['=:BTC.BTC:x:1:tr:5:extra', /too many memo parts/],
    ['=:BTC.BTC:x/:1', /invalid refund address: x\//],
    ['=:BTC.BTC:x/y/z', /invalid refund address: x\/y\/z/],
    ['=:BTC.BTC:/y', /missing destination/],
  ])('refuses %s', (memo, reason) => {
    expect(() => parseSwapMemo(memo)).toThrow(reason)
  })
})

describe('THORChain assets', () => {
  it('round-trips CHAIN.SYMBOL-CONTRACT and expands shortcodes', () => {
    expect(formatThorAsset(parseThorAsset('g') ?? { chain: '', symbol: '' })).toBe('GAIA.ATOM')
    expect(formatThorAsset(parseThorAsset('bsc.bnb') ?? { chain: '', symbol: '' })).toBe('BSC.BNB')
    expect(parseThorAsset('not an asset')).toBeUndefined()
  })
})
