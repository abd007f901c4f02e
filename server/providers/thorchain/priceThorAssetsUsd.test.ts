import { describe, expect, it } from 'vitest'
import { priceThorAssetsUsd } from './priceThorAssetsUsd'

const pool = (asset: string, balanceAsset: number, balanceRune: number) => ({
  asset,
  status: 'Available',
  balance_asset: String(balanceAsset),
  balance_rune: String(balanceRune),
})

describe('priceThorAssetsUsd', () => {
  it('values RUNE through the pools of known assets and every asset at its pool price', () => {
    // 100 ETH against 60,000 RUNE: at $3,000 an ETH, RUNE is $5; 10 BTC against 130,000 RUNE: $65,000 a BTC
    const prices = priceThorAssetsUsd(
      [pool('ETH.ETH', 100e8, 60_000e8), pool('BTC.BTC', 10e8, 130_000e8)],
      (a) => (a === 'ETH.ETH' ? 3_000 : undefined),
    )
    expect(prices.get('BTC.BTC')).toBeCloseTo(65_000, 9)
    expect(prices.get('ETH.ETH')).toBeCloseTo(3_000, 9)
  })

  it('weights two known pools by their RUNE depth, and knows nothing without one', () => {
    const prices = priceThorAssetsUsd(
      [pool('ETH.ETH', 100e8, 60_000e8), pool('BSC.BNB', 1_000e8, 20_000e8), pool('DOGE.DOGE', 1e8, 1e8)],
      (a) => ({ 'ETH.ETH': 3_000, 'BSC.BNB': 600 })[a],
    )
    // RUNE at $5 by ETH (weight 60,000) and $30 by BNB (weight 20,000): $11.25
    expect(prices.get('DOGE.DOGE')).toBeCloseTo(11.25, 9)
    expect(priceThorAssetsUsd([pool('BTC.BTC', 1e8, 1e8)], () => undefined).size).toBe(0)
  })
})
