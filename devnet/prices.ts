import { parseUnits } from 'viem'

/**
 * The one USD price table of the devnet, by price symbol. Every token amount, pool reserve,
 * V3 price and faucet amount of the devnet derives from it. Values are decimal strings so that
 * they convert to bigint exactly.
 */
export const devnetUsdPrices = {
  ETH: '3000',
  BTC: '65000',
  BNB: '600',
  POL: '0.5',
  FTM: '0.7',
  AVAX: '30',
  USD: '1',
  LINK: '15',
  UNI: '8',
  AAVE: '150',
  ARB: '0.8',
  OP: '1.8',
  CAKE: '2.5',
  JOE: '0.4',
  BOO: '0.6',
  QUICK: '0.05',
  AERO: '1.2',
  GMX: '30',
  MAGIC: '0.5',
  VELO: '0.1',
  SNX: '2.5',
  PEPE: '0.00001',
  SHIB: '0.00002',
  BAKE: '0.25',
  XVS: '8',
  GHST: '1.1',
  SPIRIT: '0.002',
  DEGEN: '0.01',
  BRETT: '0.1',
  QI: '0.015',
  PNG: '0.3',
  TAX: '0.2',
} as const satisfies Record<string, string>

/**
 * A key of the table, or a price carried inline as `usd:<decimal>` (the large market's generated long-tail tokens,
 * hundreds of them, each priced by its own seed: a table of them would only repeat what the token says).
 */
export type PriceSymbol = keyof typeof devnetUsdPrices | `usd:${string}`

/**
 * USD price of one whole unit of `priceSymbol`, scaled by 1e18 (e.g. ETH -> 3000n * 10n ** 18n).
 * Exact: the table's decimal strings (and inline `usd:` prices) are parsed without floating point.
 */
export function getUsdPriceE18(priceSymbol: PriceSymbol): bigint {
  if (priceSymbol.startsWith('usd:')) return parseUnits(priceSymbol.slice(4), 18)
  return parseUnits(devnetUsdPrices[priceSymbol as keyof typeof devnetUsdPrices], 18)
}
