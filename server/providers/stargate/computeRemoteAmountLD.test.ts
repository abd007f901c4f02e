import { describe, expect, it } from 'vitest'
import { computeRemoteAmountLD } from './computeRemoteAmountLD'

describe('computeRemoteAmountLD', () => {
  it.each([
    // 6 -> 18: USDC on Ethereum to USDC on BNB Chain
    { amountLD: 99_939_999n, localDecimals: 6, remoteDecimals: 18, expected: 99_939_999_000_000_000_000n },
    // 18 -> 6: a multiple of the conversion rate 10^12 converts exactly
    { amountLD: 99_939_999_000_000_000_000n, localDecimals: 18, remoteDecimals: 6, expected: 99_939_999n },
    // one wei short of the next shared unit: truncated, the dust stays on the origin
    { amountLD: 99_939_999_999_999_999_999n, localDecimals: 18, remoteDecimals: 6, expected: 99_939_999n },
    { amountLD: 99_940_000_000_000_000_000n, localDecimals: 18, remoteDecimals: 6, expected: 99_940_000n },
    // 18 -> 18: the sub-shared digits are dropped on the way (ETH's native pools)
    {
      amountLD: 123_456_789_012_345_678n,
      localDecimals: 18,
      remoteDecimals: 18,
      expected: 123_456_000_000_000_000n,
    },
    // 6 -> 6: unchanged
    { amountLD: 1n, localDecimals: 6, remoteDecimals: 6, expected: 1n },
    // 8 -> 18 through 6 shared: the last two local digits are dust
    { amountLD: 12_345_678n, localDecimals: 8, remoteDecimals: 18, expected: 123_456_000_000_000_000n },
  ])('$amountLD with $localDecimals -> $remoteDecimals decimals: $expected', (c) => {
    expect(computeRemoteAmountLD({ ...c, sharedDecimals: 6 })).toBe(c.expected)
  })

  it('refuses a pool with fewer decimals than are shared', () => {
    expect(() =>
      computeRemoteAmountLD({ amountLD: 1n, localDecimals: 6, remoteDecimals: 5, sharedDecimals: 6 }),
    ).toThrow(RangeError)
    expect(
      computeRemoteAmountLD({ amountLD: 1n, localDecimals: 6, remoteDecimals: 6, sharedDecimals: 6 }),
    ).toBe(1n)
  })
})
