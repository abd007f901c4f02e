import { describe, expect, it } from 'vitest'
import { isSameAddress } from './isSameAddress'

describe('isSameAddress', () => {
  it.each([
    ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', true],
    ['0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000', true],
    ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc3', false],
    ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc', false],
    ['WETH', 'WETH', false],
  ])('%s vs %s -> %s', (a, b, expected) => {
    expect(isSameAddress(a, b)).toBe(expected)
  })
})
