import type { ThornodePool } from './createThornodeClient'

/**
 * USD prices of the network's assets (per whole coin) from its pools: RUNE is valued through every pool whose
 * asset has a known USD price (`knownUsd`, e.g. an EVM chain's native coin priced by its markets), depth
 * weighted, and each asset at its pool's RUNE price. Empty when no pool has a known price. Pure.
 */
export function priceThorAssetsUsd(
  pools: readonly ThornodePool[],
  knownUsd: (asset: string) => number | undefined,
): Map<string, number> {
  const available = pools.filter((p) => p.status === 'Available' && BigInt(p.balance_asset) > 0n)
  // RUNE's price by one pool is usd * asset / rune; weighted by rune depth, the sum is usd * asset
  let knownValueUsd = 0
  let knownRune = 0
  for (const pool of available) {
    const usd = knownUsd(pool.asset)
    if (usd === undefined) continue
    knownValueUsd += usd * Number(pool.balance_asset)
    knownRune += Number(pool.balance_rune)
  }
  const prices = new Map<string, number>()
  if (knownRune === 0) return prices
  const runeUsd = knownValueUsd / knownRune
  for (const pool of available)
    prices.set(pool.asset, (runeUsd * Number(pool.balance_rune)) / Number(pool.balance_asset))
  return prices
}
