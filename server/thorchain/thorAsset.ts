/** A THORChain asset: `CHAIN.SYMBOL[-CONTRACT]`, upper case. */
export interface ThorAsset {
  readonly chain: string
  readonly symbol: string
  /** Token contract for non-native assets (`ETH.USDC-0XA0B8...`). */
  readonly contract?: string
}

/** THORChain's one-letter asset shortcodes. */
const shortcodes: Readonly<Record<string, string>> = {
  a: 'AVAX.AVAX',
  b: 'BTC.BTC',
  c: 'BCH.BCH',
  d: 'DOGE.DOGE',
  e: 'ETH.ETH',
  g: 'GAIA.ATOM',
  l: 'LTC.LTC',
  r: 'THOR.RUNE',
  s: 'BSC.BNB',
}

/** Parses `CHAIN.SYMBOL[-CONTRACT]` (any case) or a shortcode; undefined when it is neither. */
export function parseThorAsset(text: string): ThorAsset | undefined {
  const full = shortcodes[text.toLowerCase()] ?? text
  const match = /^([A-Za-z]{2,10})\.([A-Za-z0-9]{1,20})(?:-([A-Za-z0-9]{1,64}))?$/.exec(full)
  if (!match?.[1] || !match[2]) return undefined
  return {
    chain: match[1].toUpperCase(),
    symbol: match[2].toUpperCase(),
    ...(match[3] ? { contract: match[3].toUpperCase() } : {}),
  }
}

/** `CHAIN.SYMBOL[-CONTRACT]`. */
export function formatThorAsset(asset: ThorAsset): string {
  return `${asset.chain}.${asset.symbol}${asset.contract ? `-${asset.contract}` : ''}`
}

/** The shortcode of a native asset THORChain abbreviates (`BTC.BTC` -> `b`), else the full name. */
export function formatShortThorAsset(asset: ThorAsset): string {
  const full = formatThorAsset(asset)
  return Object.entries(shortcodes).find(([, name]) => name === full)?.[0] ?? full
}
