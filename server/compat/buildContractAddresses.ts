import { type Address, getAddress } from 'viem'
import { getEvmChainInfo } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import {
  CONTRACT_VERSION,
  CONTRACT_VERSIONS,
  type ContractVersion,
  contractOfVersion,
} from '../quotes/contractVersion'

/** One chain's contracts, under the keys clients of the compatible API use. */
export type ChainContractAddresses = {
  chainId: number
  name: string
  shortName: string
  /** The Aggregator: the `to` of every single-chain swap and the spender of its approval. */
  v1: Address
  /** StargateEntry, AcrossEntry, LiquidityEntry, where deployed. */
  v2?: Address
  v3?: Address
  v4?: Address
  /** The Aggregator (`v1`), for clients that keep a separate router or spender entry. */
  router: Address
  spender: Address
  wrappedNative: Address
  permit2: Address
  multicall3: Address
}

/** The contract-addresses document: `[contractVersion][chainId]` for every version, and per chain. */
export type ContractAddresses = {
  contractVersion: typeof CONTRACT_VERSION
  chains: Record<string, ChainContractAddresses>
} & Record<ContractVersion, Record<string, Address>>

/**
 * The contract addresses an integrator puts in a client's address map, from the deployments the server runs:
 * `map[contractVersion][chainId]` is the contract a transaction whose answer carries that `contractVersion` goes
 * to, and the spender of its approval (`contractOfVersion`: `v1` the Aggregator, `v2` StargateEntry, `v3`
 * AcrossEntry, `v4` LiquidityEntry; a chain without the contract is absent from that version's map), and
 * `chains[chainId]` lists every contract of that chain with its name. `contractVersion` is the single-chain
 * swaps' (`v1`). Addresses are checksummed; chains keep the deployments' order.
 */
export function buildContractAddresses(deployments: readonly ChainDeployment[]): ContractAddresses {
  const versionsOf = (deployment: ChainDeployment) =>
    CONTRACT_VERSIONS.filter((version) => version !== 'v1').flatMap((version) => {
      const address = contractOfVersion(deployment, version)
      return address === undefined ? [] : [[version, getAddress(address)] as const]
    })
  const chains = deployments.map((deployment): ChainContractAddresses => {
    const info = getEvmChainInfo(deployment.chainId)
    const aggregator = getAddress(deployment.aggregator)
    return {
      chainId: deployment.chainId,
      name: info?.name ?? `Chain ${deployment.chainId}`,
      shortName: info?.shortName ?? `chain-${deployment.chainId}`,
      v1: aggregator,
      ...Object.fromEntries(versionsOf(deployment)),
      router: aggregator,
      spender: aggregator,
      wrappedNative: getAddress(deployment.wrappedNative),
      permit2: getAddress(deployment.permit2),
      multicall3: getAddress(deployment.multicall3),
    }
  })
  const byVersion = (version: ContractVersion) =>
    Object.fromEntries(
      deployments.flatMap((deployment) => {
        const address = contractOfVersion(deployment, version)
        return address === undefined ? [] : [[String(deployment.chainId), getAddress(address)]]
      }),
    )
  return {
    contractVersion: CONTRACT_VERSION,
    v1: byVersion('v1'),
    v2: byVersion('v2'),
    v3: byVersion('v3'),
    v4: byVersion('v4'),
    chains: Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain])),
  }
}
