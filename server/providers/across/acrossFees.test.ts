import { describe, expect, it } from 'vitest'
import { computeAcrossInputForOutput, computeAcrossOutput, convertDecimals } from './acrossFees'

describe('Across relayer fee', () => {
  it('takes 4 bps of the input in the output token, rounded up for the relayer', () => {
    expect(computeAcrossOutput(1_000_000_000n, 6, 6)).toEqual({
      outputAmount: 999_600_000n,
      relayerFee: 400_000n,
    })
    expect(computeAcrossOutput(1n, 6, 6)).toEqual({ outputAmount: 0n, relayerFee: 1n })
    // USDT with 6 decimals on Ethereum to 18 on BNB Chain
    expect(computeAcrossOutput(2_500_000n, 6, 18)).toEqual({
      outputAmount: 2_499_000_000_000_000_000n,
      relayerFee: 1_000_000_000_000_000n,
    })
    expect(convertDecimals(1_234_567_890_123_456_789n, 18, 6)).toBe(1_234_567n)
  })

  it('the input for an exact output is the least that pays it', () => {
    for (const [wanted, inDec, outDec] of [
      [1_000_000_000n, 6, 6],
      [123_456_789n, 6, 6],
      [5_000_000_000_000_000_000n, 18, 6],
      [77_000_000n, 18, 6],
      [5_000_000_000_000_000_001n, 6, 18],
    ] as const) {
      const input = computeAcrossInputForOutput(wanted, inDec, outDec)
      expect(computeAcrossOutput(input, inDec, outDec).outputAmount >= wanted).toBe(true)
      expect(computeAcrossOutput(input - 1n, inDec, outDec).outputAmount < wanted).toBe(true)
    }
    expect(computeAcrossInputForOutput(999_600_000n, 6, 6)).toBe(1_000_000_000n)
  })
})
