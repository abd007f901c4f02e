import { describe, expect, it } from 'vitest'
import { computeSwapOutcome } from './computeSwapOutcome'

const E8 = 10n ** 8n
const pools = {
  'BTC.BTC': { assetDepth: 100n * E8, runeDepth: 2_000_000n * E8 },
  'ETH.ETH': { assetDepth: 500n * E8, runeDepth: 1_000_000n * E8 },
}

describe('computeSwapOutcome', () => {
  it('1 BTC to ETH: the double swap, both fees valued in ETH, the outbound fee off the output', () => {
    const outcome = computeSwapOutcome({
      pools,
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: E8,
      affiliateBps: 0,
      outboundFee: 240_000n,
    })
    expect(outcome).toEqual({
      affiliateRune: 0n,
      affiliateFee: 0n,
      emitted: 942_958_446n,
      liquidityFee: 28_290_528n,
      outboundFee: 240_000n,
      output: 942_718_446n,
      slipBps: 291n,
      poolsAfter: {
        'BTC.BTC': { assetDepth: 10_100_000_000n, runeDepth: 198_039_407_901_187n },
        'ETH.ETH': { assetDepth: 49_057_041_554n, runeDepth: 101_960_592_098_813n },
      },
    })
  })

  it('an affiliate share is swapped to RUNE first and moves the input pool before the swap', () => {
    const outcome = computeSwapOutcome({
      pools,
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: E8,
      affiliateBps: 50,
      outboundFee: 240_000n,
    })
    expect(outcome.affiliateRune).toBe(9_999_000_074n)
    expect(outcome.affiliateFee).toBe(5_000_000n)
    expect(outcome.emitted).toBe(938_424_096n)
    expect(outcome.output).toBe(938_184_096n)
    expect(outcome.liquidityFee).toBe(28_011_365n)
    expect(outcome.poolsAfter['BTC.BTC']).toEqual({
      assetDepth: 10_100_000_000n,
      runeDepth: 198_039_211_856_730n,
    })
    expect(outcome.poolsAfter['ETH.ETH']).toEqual({
      assetDepth: 49_061_575_904n,
      runeDepth: 101_950_789_143_196n,
    })
  })

  it('an output that cannot pay the outbound fee pays nothing', () => {
    const outcome = computeSwapOutcome({
      pools,
      from: 'ETH.ETH',
      to: 'BTC.BTC',
      amount: 1_000n,
      affiliateBps: 0,
      outboundFee: 15_000n,
    })
    expect(outcome.emitted).toBe(99n)
    expect(outcome.output).toBe(0n)
  })

  it.each([
    [{ from: 'DOGE.DOGE' }, 'no pool for DOGE.DOGE'],
    [{ to: 'BTC.BTC' }, 'the same asset on both sides'],
    [{ affiliateBps: 1_001 }, 'affiliate fee out of 0..1000 bps'],
  ])('refuses %o', (override, message) => {
    const params = { pools, from: 'BTC.BTC', to: 'ETH.ETH', amount: E8, affiliateBps: 0, outboundFee: 0n }
    expect(() => computeSwapOutcome({ ...params, ...override })).toThrow(message)
  })
})
