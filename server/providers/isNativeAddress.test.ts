import { describe, expect, it } from 'vitest'
import { isNativeAddress } from './isNativeAddress'

describe('isNativeAddress', () => {
  it('is the zero address in any case, and nothing else', () => {
    expect(isNativeAddress('0x0000000000000000000000000000000000000000')).toBe(true)
    expect(isNativeAddress('0x0000000000000000000000000000000000000001')).toBe(false)
    expect(isNativeAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(false)
  })

  it('throws on what is no EVM address', () => {
    expect(() => isNativeAddress('bc1qxyz')).toThrow('Address "bc1qxyz" is invalid.')
  })
})
