import { type Address, getAddress } from 'viem'
import { getEvmChainInfo } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import { CONTRACT_VERSION } from '../quotes/contractVersion'

/** One chain's contracts, under the keys clients of the compatible API use. */
export interface ChainContractAddresses {
  chainId: number
  name: string
  shortName: string
  /** The Aggregator: the `to` of every swap and the spender of every approval. */
  [CONTRACT_VERSION]: Address
  /** Same as the version key, for clients that keep a separate router or spender entry. */
  router: Address
  spender: Address
  wrappedNative: Address
  permit2: Address
  multicall3: Address
}

/** The contract-addresses document: `[contractVersion][chainId]` and per chain. */
export interface ContractAddresses {
  contractVersion: typeof CONTRACT_VERSION
  [CONTRACT_VERSION]: Record<string, Address>
  chains: Record<string, ChainContractAddresses>
}

/**
 * The contract addresses an integrator puts in a client's address map, from the deployments the server runs:
 * `v1[chainId]` is the address `{ to: map[contractVersion][chain] }` resolves to (the Aggregator, also the
 * approval spender), and `chains[chainId]` lists every contract of that chain with its name. Addresses are
 * checksummed; chains keep the deployments' order.
 */
export function buildContractAddresses(deployments: readonly ChainDeployment[]): ContractAddresses {
  const chains = deployments.map((deployment): ChainContractAddresses => {
    const info = getEvmChainInfo(deployment.chainId)
    const aggregator = getAddress(deployment.aggregator)
    return {
      chainId: deployment.chainId,
      name: info?.name ?? `Chain ${deployment.chainId}`,
      shortName: info?.shortName ?? `chain-${deployment.chainId}`,
      [CONTRACT_VERSION]: aggregator,
      router: aggregator,
      spender: aggregator,
      wrappedNative: getAddress(deployment.wrappedNative),
      permit2: getAddress(deployment.permit2),
      multicall3: getAddress(deployment.multicall3),
    }
  })
  return {
    contractVersion: CONTRACT_VERSION,
    [CONTRACT_VERSION]: Object.fromEntries(
      chains.map((chain) => [String(chain.chainId), chain[CONTRACT_VERSION]]),
    ),
    chains: Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain])),
  }
}
