import { ChainLogo } from '../../../components/ChainLogo'

/** A token's logo from our origin (`/tokens/<SYMBOL>.svg` first, the server's logo path otherwise). */
export function TokenIcon({ symbol, logo, size = 24 }: { symbol: string; logo?: string; size?: number }) {
  const local = /^[A-Za-z0-9]+$/.test(symbol) ? `/tokens/${symbol.toUpperCase()}.svg` : logo
  return <ChainLogo key={local ?? logo} src={local ?? logo} label={symbol} size={size} />
}
