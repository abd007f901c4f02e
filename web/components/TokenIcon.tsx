import { getMajorTokenIcon } from '../lib/getMajorTokenIcon'
import { ChainLogo } from './ChainLogo'
import { Web3IconView } from './Web3IconView'

/**
 * A token's logo: the @web3icons logo for a major token (`getMajorTokenIcon`; a logo loaded
 * on demand keeps its white disc until it arrives), else the server's logo endpoint
 * (`/trade/v1/info/tokenLogo/{chainId}/{address}`, always an SVG); a lettered disc when there is none or it
 * fails to load.
 */
export function TokenIcon({ symbol, logo, size = 24 }: { symbol: string; logo?: string; size?: number }) {
  const icon = getMajorTokenIcon(symbol)
  if (icon !== undefined)
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-line"
      >
        <Web3IconView source={icon} size={Math.round(size * 0.85)} />
      </span>
    )
  return <ChainLogo key={logo} src={logo === '' ? undefined : logo} label={symbol} size={size} />
}
