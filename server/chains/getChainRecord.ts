import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { getEvmChainInfo } from './chainInfo'
import type { ChainDeployment } from './deployment'
import type { ChainFlows } from './getChainFlows'
import { getNativeCurrency } from './getNativeCurrency'

/** A chain as `GET /trade/v1/info/chains` describes it to clients. */
export interface ChainRecord {
  chainId: number
  /** Deployments are EVM chains; UTXO and Cosmos chains are described by `getNonEvmChainRecord`. */
  family: 'evm'
  name: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: number; address: Address }
  wrappedNative: { address: Address; symbol: string; name: string; decimals: number }
  /** Same-origin path of the chain logo (a file under public/chains). */
  logo: string
  /** Same-origin JSON-RPC proxy path; the browser never talks to another host. */
  rpcUrl: string
  aggregator: Address
  flows: ChainFlows
  blockTimeMs: number
  isDevnet: boolean
}

/**
 * Describes one deployed chain for clients, combining the deployment (addresses, tokens) with the
 * static chain facts of `chainInfo`. A chain id unknown to `chainInfo` (network mode) gets a generic
 * name and an 18-decimal native currency "ETH". `flows` says what is mounted for the chain (`getChainFlows`).
 */
export function getChainRecord(params: {
  deployment: ChainDeployment
  isDevnet: boolean
  flows: ChainFlows
}): ChainRecord {
  const { deployment, isDevnet, flows } = params
  const { chainId } = deployment
  const info = getEvmChainInfo(chainId)
  const wrappedToken = deployment.tokens.find((token) =>
    isAddressEqual(token.address, deployment.wrappedNative),
  )
  return {
    chainId,
    family: 'evm',
    name: info?.name ?? `Chain ${chainId}`,
    shortName: info?.shortName ?? `chain-${chainId}`,
    nativeCurrency: {
      ...getNativeCurrency(chainId),
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
    flows,
    blockTimeMs: info?.blockTimeMs ?? 2_000,
    isDevnet,
  }
}
