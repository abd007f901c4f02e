import { describe, expect, it } from 'vitest'
import type { ProviderQuote } from '../providers/types'
import { rankByNetOutput } from './rankByNetOutput'

const quote = (providerId: string, amountOut: bigint, nativeFee: bigint): ProviderQuote => ({
  providerId,
  request: {
    from: { chainId: 1, address: '0x0000000000000000000000000000000000000001', decimals: 6 },
    to: { chainId: 42161, address: '0x0000000000000000000000000000000000000002', decimals: 6 },
    amountIn: 1_000_000_000n,
    sender: '',
    receiver: '',
    slippage: 0.01,
  },
  amountOut,
  amountOutMin: amountOut,
  fees: [],
  estimatedDurationSec: 60,
  expiresAt: 0,
  nativeFee,
  details: {},
})

describe('rankByNetOutput', () => {
  // 999.40 USDC with a 0.0005 ETH fee ($1.50 at $3 000) nets $997.90; 999.60 with no fee nets $999.60
  const stargate = quote('stargate', 999_400_000n, 500_000_000_000_000n)
  const across = quote('across', 999_600_000n, 0n)
  const cheapFee = quote('cheap', 999_500_000n, 10_000_000_000n)

  it('ranks by output less the native fee at the native price', () => {
    const ranked = rankByNetOutput([stargate, cheapFee, across], {
      outputUsd: 1,
      outputDecimals: 6,
      nativeUsd: 3_000,
    })
    expect(ranked.map((q) => q.providerId)).toEqual(['across', 'cheap', 'stargate'])
  })

  it('a large enough output outranks a native fee', () => {
    const big = quote('stargate', 1_002_000_000n, 500_000_000_000_000n)
    expect(
      rankByNetOutput([across, big], { outputUsd: 1, outputDecimals: 6, nativeUsd: 3_000 }).map(
        (q) => q.providerId,
      ),
    ).toEqual(['stargate', 'across'])
  })

  it('keeps the given order when a price is unknown', () => {
    expect(
      rankByNetOutput([stargate, across], { outputUsd: undefined, outputDecimals: 6, nativeUsd: 3_000 }).map(
        (q) => q.providerId,
      ),
    ).toEqual(['stargate', 'across'])
  })
})
