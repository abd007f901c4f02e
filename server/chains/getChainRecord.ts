import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { getChainInfo } from './chainInfo'
import type { ChainDeployment } from './deployment'

/** A chain as `GET /trade/v1/info/chains` describes it to clients. */
export interface ChainRecord {
  chainId: number
  name: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: number; address: Address }
  wrappedNative: { address: Address; symbol: string; name: string; decimals: number }
  /** Same-origin path of the chain logo (a file under public/chains). */
  logo: string
  /** Same-origin JSON-RPC proxy path; the browser never talks to another host. */
  rpcUrl: string
  aggregator: Address
  flows: { singleChain: boolean; crossChain: boolean; utxo: boolean; gasless: boolean }
  blockTimeMs: number
  isDevnet: boolean
}

/**
 * Describes one deployed chain for clients, combining the deployment (addresses, tokens) with the
 * static chain facts of `chainInfo`. A chain id unknown to `chainInfo` (network mode) gets a generic
 * name, 18-decimal native currency "ETH" and the single-chain flow only.
 */
export function getChainRecord(params: { deployment: ChainDeployment; isDevnet: boolean }): ChainRecord {
  const { deployment, isDevnet } = params
  const { chainId } = deployment
  const info = getChainInfo(chainId)
  const wrappedToken = deployment.tokens.find((token) =>
    isAddressEqual(token.address, deployment.wrappedNative),
  )
  const flows = info?.flows ?? ['single']
  return {
    chainId,
    name: info?.name ?? `Chain ${chainId}`,
    shortName: info?.shortName ?? `chain-${chainId}`,
    nativeCurrency: {
      name: info?.nativeCurrency.name ?? 'Ether',
      symbol: info?.nativeCurrency.symbol ?? 'ETH',
      decimals: info?.nativeCurrency.decimals ?? 18,
      address: zeroAddress,
    },
    wrappedNative: {
      address: getAddress(deployment.wrappedNative),
      symbol: wrappedToken?.symbol ?? info?.wrappedNative.symbol ?? 'WETH',
      name: wrappedToken?.name ?? info?.wrappedNative.name ?? 'Wrapped Ether',
      decimals: wrappedToken?.decimals ?? 18,
    },
    logo: `/chains/${chainId}.svg`,
    rpcUrl: `/rpc/${chainId}`,
    aggregator: getAddress(deployment.aggregator),
    flows: {
      singleChain: flows.includes('single'),
      crossChain: flows.includes('cross'),
      utxo: flows.includes('utxo'),
      gasless: flows.includes('gasless'),
    },
    blockTimeMs: info?.blockTimeMs ?? 2_000,
    isDevnet,
  }
}
