import { getChainInfo } from './chainInfo'

/** Name, symbol and decimals of a chain's native currency; 18-decimal "ETH" for a chain we do not know. */
export function getNativeCurrency(chainId: number): { name: string; symbol: string; decimals: number } {
  return getChainInfo(chainId)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
}
