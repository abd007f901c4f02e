import { describe, expect, it } from 'vitest'
import { chainIdOfThorChain, fromThorUnits, toThorNativeAsset, toThorUnits } from './thorchainAssets'

const zero = '0x0000000000000000000000000000000000000000'

describe('the liquidity network assets and units', () => {
  it('names native assets of the chains it serves, and nothing else', () => {
    expect(toThorNativeAsset(-3980891822, zero)).toBe('BTC.BTC')
    expect(toThorNativeAsset(56, zero)).toBe('BSC.BNB')
    expect(toThorNativeAsset(-978111860, zero)).toBe('GAIA.ATOM')
    expect(toThorNativeAsset(1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBeUndefined()
    expect(toThorNativeAsset(42161, zero)).toBeUndefined()
    expect([chainIdOfThorChain('DOGE'), chainIdOfThorChain('avax'), chainIdOfThorChain('XRP')]).toEqual([
      -3143381382,
      43114,
      undefined,
    ])
  })

  it('converts to 1e8 units by truncation and back exactly', () => {
    expect(toThorUnits(1_234_567_891_234_567_891n, 18)).toBe(123_456_789n)
    expect(fromThorUnits(123_456_789n, 18)).toBe(1_234_567_890_000_000_000n)
    expect([toThorUnits(55n, 8), fromThorUnits(55n, 8)]).toEqual([55n, 55n])
    expect([toThorUnits(1_500_000n, 6), fromThorUnits(150_000_099n, 6)]).toEqual([150_000_000n, 1_500_000n])
  })
})
