import { getNetworkIcon } from '../lib/getNetworkIcon'
import { ChainLogo } from './ChainLogo'
import { Web3IconView } from './Web3IconView'

/** A network's logo: @web3icons' for the supported networks (`getNetworkIcon`), else the server's or a monogram. */
export function NetworkIcon({
  chainId,
  logo,
  label,
  size = 24,
}: {
  chainId: number
  logo: string | undefined
  label: string
  size?: number
}) {
  const icon = getNetworkIcon(chainId)
  if (icon === undefined) return <ChainLogo src={logo} label={label} size={size} />
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-line"
    >
      <Web3IconView source={icon} size={Math.round(size * 0.85)} />
    </span>
  )
}
