import { describe, expect, it } from 'vitest'
import { nativeTokenOf } from './nativeTokenOf'

describe('nativeTokenOf', () => {
  it('is the zero address with the chain currency symbol and decimals', () => {
    expect(nativeTokenOf({ nativeCurrency: { symbol: 'BTC', decimals: 8 } })).toEqual({
      address: '0x0000000000000000000000000000000000000000',
      symbol: 'BTC',
      decimals: 8,
    })
  })
})
