import { type Chain, defineChain } from 'viem'
import type { EvmChainRecord } from './api'

/** Canonical Multicall3 address, deployed on every chain the service supports (devnet included). */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * Builds a viem chain from the API's chain record. `rpcUrl` is usually a same-origin path (`/rpc/1`),
 * so it is resolved against `origin` (in the browser, `location.origin`) into the absolute URL viem's
 * http transport needs.
 */
export function toViemChain(params: { record: EvmChainRecord; origin: string }): Chain {
  const { record, origin } = params
  const rpcUrl = new URL(record.rpcUrl, origin).toString()
  return defineChain({
    id: record.chainId,
    name: record.name,
    nativeCurrency: {
      name: record.nativeCurrency.name,
      symbol: record.nativeCurrency.symbol,
      decimals: record.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: multicall3Address } },
    testnet: record.isDevnet,
  })
}
