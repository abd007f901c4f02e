import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import type { ChainDeployment } from './deployment'
import { getChainRecord } from './getChainRecord'

/** A token as the token-list endpoints describe it. */
export interface TokenRecord {
  /** EIP-55 checksummed; the zero address stands for the native currency. */
  address: Address
  symbol: string
  name: string
  decimals: number
  chainId: number
  /** Same-origin URL of the token logo endpoint. */
  logo: string
  tags: string[]
}

/**
 * Lists one chain's tokens for the token picker: the native currency first (zero address, tag
 * `native`), then the deployment's tokens in their configured order. Prices and ranking come later.
 */
export function getPopularTokens(deployment: ChainDeployment): TokenRecord[] {
  const { chainId } = deployment
  const { nativeCurrency } = getChainRecord({ deployment, isDevnet: false })
  const logo = (address: Address) => `/trade/v1/info/tokenLogo/${chainId}/${address}`
  const native: TokenRecord = {
    address: zeroAddress,
    symbol: nativeCurrency.symbol,
    name: nativeCurrency.name,
    decimals: nativeCurrency.decimals,
    chainId,
    logo: logo(zeroAddress),
    tags: ['native'],
  }
  const tokens = deployment.tokens
    .filter((token) => !isAddressEqual(token.address, zeroAddress))
    .map((token) => {
      const address = getAddress(token.address)
      return {
        address,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        chainId,
        logo: logo(address),
        tags: [...token.tags],
      }
    })
  return [native, ...tokens]
}
