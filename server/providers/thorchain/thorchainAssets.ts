import { evmChainInfos, getChainInfo, nonEvmChainInfos } from '../../chains/chainInfo'

const zeroAddress = '0x0000000000000000000000000000000000000000'

/** The liquidity network's units: every asset is counted in 1e8 units. */
const THOR_DECIMALS = 8

/**
 * The network's name of a chain's native asset (`BTC.BTC`, `ETH.ETH`, `BSC.BNB`, `GAIA.ATOM`), or undefined
 * when the chain is not one the network serves or `address` is not the native asset (the zero address).
 */
export function toThorNativeAsset(chainId: number, address: string): string | undefined {
  const chain = getChainInfo(chainId)
  if (chain?.thorChain === undefined || address.toLowerCase() !== zeroAddress) return undefined
  return `${chain.thorChain}.${chain.nativeCurrency.symbol}`
}

/** The numeric chain id of a network chain prefix (`BTC` -> -3980891822), or undefined. */
export function chainIdOfThorChain(thorChain: string): number | undefined {
  return [...evmChainInfos, ...nonEvmChainInfos].find((c) => c.thorChain === thorChain.toUpperCase())?.id
}

/** Base units of an asset with `decimals` to the network's 1e8 units, truncated as the network observes. */
export function toThorUnits(amount: bigint, decimals: number): bigint {
  return decimals >= THOR_DECIMALS
    ? amount / 10n ** BigInt(decimals - THOR_DECIMALS)
    : amount * 10n ** BigInt(THOR_DECIMALS - decimals)
}

/** The network's 1e8 units to base units of an asset with `decimals` (what an outbound pays). */
export function fromThorUnits(amount: bigint, decimals: number): bigint {
  return decimals >= THOR_DECIMALS
    ? amount * 10n ** BigInt(decimals - THOR_DECIMALS)
    : amount / 10n ** BigInt(THOR_DECIMALS - decimals)
}

/**
 * An address as a THORChain memo writes it: fields are separated by `:`, so a CashAddr's prefix
 * (`bitcoincash:`, `bchreg:`) is left out, as THORChain's own memos do; the network reads the bare form on its
 * chain's network. Other addresses are unchanged.
 */
export function toMemoAddress(address: string): string {
  const colon = address.lastIndexOf(':')
  return colon === -1 ? address : address.slice(colon + 1)
}
