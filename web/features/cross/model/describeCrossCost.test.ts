import { describe, expect, it } from 'vitest'
import { describeCrossCost } from './describeCrossCost'

const eth = { symbol: 'ETH', decimals: 18 }
const usdc = { symbol: 'USDC', decimals: 6 }

describe('describeCrossCost', () => {
  it('adds the native fee to a native input, and names it beside a token input', () => {
    expect(
      describeCrossCost({
        amountIn: 1_000_000_000_000_000_000n,
        nativeFee: 2_100_000_000_000_000n,
        fromIsNative: true,
        from: eth,
        native: eth,
      }),
    ).toBe('1.0021 ETH')
    expect(
      describeCrossCost({
        amountIn: 2_500_000_000n,
        nativeFee: 2_100_000_000_000_000n,
        fromIsNative: false,
        from: usdc,
        native: eth,
      }),
    ).toBe('2,500 USDC + 0.0021 ETH')
    expect(
      describeCrossCost({
        amountIn: 2_500_000_000n,
        nativeFee: 0n,
        fromIsNative: false,
        from: usdc,
        native: eth,
      }),
    ).toBe('2,500 USDC')
  })
})
