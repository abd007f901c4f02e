import { ChainLogo } from '../../../components/ChainLogo'

/**
 * A token's logo: the server's logo endpoint (`/trade/v1/info/tokenLogo/{chainId}/{address}`, always an SVG);
 * a lettered disc when there is none or it fails to load.
 */
export function TokenIcon({ symbol, logo, size = 24 }: { symbol: string; logo?: string; size?: number }) {
  return <ChainLogo key={logo} src={logo === '' ? undefined : logo} label={symbol} size={size} />
}
