import { getMajorTokenIcon } from '../lib/getMajorTokenIcon'
import { ChainLogo } from './ChainLogo'

/**
 * A token's logo: the @web3icons logo for a major token (`getMajorTokenIcon`), else the server's logo endpoint
 * (`/trade/v1/info/tokenLogo/{chainId}/{address}`, always an SVG); a lettered disc when there is none or it
 * fails to load.
 */
export function TokenIcon({ symbol, logo, size = 24 }: { symbol: string; logo?: string; size?: number }) {
  const Icon = getMajorTokenIcon(symbol)
  if (Icon !== undefined)
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-line"
      >
        <Icon variant="branded" size={Math.round(size * 0.85)} />
      </span>
    )
  return <ChainLogo key={logo} src={logo === '' ? undefined : logo} label={symbol} size={size} />
}
