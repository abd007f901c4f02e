import type { CrossToken } from './CrossToken'

/** The native coin of `chain` as a token of the trade: the zero address, its symbol and decimals. */
export function nativeTokenOf(chain: { nativeCurrency: { symbol: string; decimals: number } }): CrossToken {
  return {
    address: '0x0000000000000000000000000000000000000000',
    symbol: chain.nativeCurrency.symbol,
    decimals: chain.nativeCurrency.decimals,
  }
}
