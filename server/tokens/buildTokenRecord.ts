import { type Address, getAddress } from 'viem'
import type { TokenInfo } from '../chains/deployment'

/** A token as every token endpoint describes it (search, popular, token info). */
export interface TokenRecord {
  /** EIP-55 checksummed; the zero address stands for the native currency. */
  address: Address
  /** The same address under the compatible API's name. */
  contractAddress: Address
  symbol: string
  name: string
  decimals: number
  chainId: number
  /** Same-origin URL of the token logo endpoint. */
  logo: string
  tags: string[]
  /** USD per whole token derived from the pools; null when no pool path reaches a stablecoin. */
  priceInUsd: number | null
  /** Tax in basis points taken on every transfer (fee-on-transfer tokens), else 0. */
  transferFeeBps: number
  /** Transfer tax in percent when buying (compatible API name); equals `transferFeeBps / 100`. */
  buyTax: number
  /** Transfer tax in percent when selling (compatible API name); equals `transferFeeBps / 100`. */
  sellTax: number
  isNative: boolean
}

/** Same-origin path of the logo endpoint for a token (`address` as given, checksum it first). */
export function getTokenLogoPath(chainId: number, address: Address): string {
  return `/trade/v1/info/tokenLogo/${chainId}/${address}`
}

/**
 * Builds the public record of one token of `chainId`: checksummed address (twice, as `address` and
 * `contractAddress`), the logo endpoint path, tags, the price (`null` when `priceInUsd` is undefined)
 * and the transfer tax in bps and in percent. Pure.
 */
export function buildTokenRecord(params: {
  chainId: number
  token: TokenInfo
  isNative: boolean
  priceInUsd: number | undefined
}): TokenRecord {
  const { chainId, token, isNative } = params
  const address = getAddress(token.address)
  const transferFeeBps = token.transferFeeBps ?? 0
  return {
    address,
    contractAddress: address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    chainId,
    logo: getTokenLogoPath(chainId, address),
    tags: [...token.tags],
    priceInUsd: params.priceInUsd ?? null,
    transferFeeBps,
    buyTax: transferFeeBps / 100,
    sellTax: transferFeeBps / 100,
    isNative,
  }
}
