import { describe, expect, it } from 'vitest'
import { computeClpSwap, computeDoubleSwap } from './computeClpSwap'

const E8 = 10n ** 8n

describe('computeClpSwap', () => {
  it('is x*X*Y/(x+X)^2 with the fee x^2*Y/(x+X)^2, floored', () => {
    // 1 into a 100 / 1000 pool: 1e29 / 1.0201e20 = 980296049.4..., fee 9802960.4...
    expect(computeClpSwap(E8, 100n * E8, 1000n * E8)).toEqual({
      output: 980_296_049n,
      liquidityFee: 9_802_960n,
      slipBps: 99n,
    })
  })

  it('pays nothing for nothing and refuses an empty pool', () => {
    expect(computeClpSwap(0n, E8, E8)).toEqual({ output: 0n, liquidityFee: 0n, slipBps: 0n })
    expect(() => computeClpSwap(1n, 0n, E8)).toThrow('empty pool')
  })
})

describe('computeDoubleSwap', () => {
  it('swaps BTC to RUNE to ETH and moves both pools by what it took and paid', () => {
    const btc = { assetDepth: 100n * E8, runeDepth: 2_000_000n * E8 }
    const eth = { assetDepth: 500n * E8, runeDepth: 1_000_000n * E8 }
    const swap = computeDoubleSwap(E8, btc, eth)
    expect([swap.rune, swap.output, swap.slipBps]).toEqual([1_960_592_098_813n, 942_958_446n, 291n])
    expect(swap.fromAfter).toEqual({ assetDepth: 101n * E8, runeDepth: btc.runeDepth - swap.rune })
    expect(swap.toAfter).toEqual({
      assetDepth: eth.assetDepth - swap.output,
      runeDepth: eth.runeDepth + swap.rune,
    })
  })
})
