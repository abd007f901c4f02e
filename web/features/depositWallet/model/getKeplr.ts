import type { OfflineDirectSigner } from '@cosmjs/proto-signing'

/** The subset of Keplr's injected `window.keplr` the deposit needs. */
export interface Keplr {
  experimentalSuggestChain(chainInfo: KeplrChainInfo): Promise<void>
  enable(chainId: string): Promise<void>
  getOfflineSigner(chainId: string): OfflineDirectSigner
}

/** A currency as Keplr's chain registry describes it. */
export interface KeplrCurrency {
  coinDenom: string
  coinMinimalDenom: string
  coinDecimals: number
}

/** The chain description `experimentalSuggestChain` takes (the fields this app fills). */
export interface KeplrChainInfo {
  chainId: string
  chainName: string
  rpc: string
  rest: string
  bip44: { coinType: number }
  bech32Config: {
    bech32PrefixAccAddr: string
    bech32PrefixAccPub: string
    bech32PrefixValAddr: string
    bech32PrefixValPub: string
    bech32PrefixConsAddr: string
    bech32PrefixConsPub: string
  }
  currencies: KeplrCurrency[]
  feeCurrencies: (KeplrCurrency & { gasPriceStep: { low: number; average: number; high: number } })[]
  stakeCurrency: KeplrCurrency
}

/**
 * The Keplr extension's injected API when the page has one (`window.keplr` with `enable`,
 * `experimentalSuggestChain` and `getOfflineSigner`), else undefined. Reads `window` only when called.
 */
export function getKeplr(): Keplr | undefined {
  if (typeof window === 'undefined' || !('keplr' in window)) return undefined
  const candidate: unknown = window.keplr
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !('enable' in candidate && typeof candidate.enable === 'function') ||
    !('experimentalSuggestChain' in candidate && typeof candidate.experimentalSuggestChain === 'function') ||
    !('getOfflineSigner' in candidate && typeof candidate.getOfflineSigner === 'function')
  )
    return undefined
  return candidate as Keplr
}
