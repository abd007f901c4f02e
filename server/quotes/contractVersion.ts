import type { Address } from 'viem'
import type { ChainDeployment } from '../chains/deployment'

/**
 * The version of the single-chain `transactionData` layout and of the Aggregator it targets, as the string
 * clients of the compatible API use as a key into their contract-address maps (`map[contractVersion][chain]`).
 */
export const CONTRACT_VERSION = 'v1' as const

/**
 * Which of our contracts a transaction goes to, as the key of the clients' address maps: those clients send
 * every transaction and its approval to `map[contractVersion][chain]`, ignoring `to`, so each version names one
 * contract per chain. `v1` the Aggregator (single-chain swaps), `v2` StargateEntry, `v3` AcrossEntry, `v4`
 * LiquidityEntry (deposits to the liquidity network from an EVM chain).
 */
export type ContractVersion = 'v1' | 'v2' | 'v3' | 'v4'

/** Every contract version, in the order `info/contract-addresses` lists them. */
export const CONTRACT_VERSIONS: readonly ContractVersion[] = ['v1', 'v2', 'v3', 'v4']

/** The contract of `version` on `deployment`'s chain, or undefined where it is not deployed. Pure. */
export function contractOfVersion(
  deployment: ChainDeployment,
  version: ContractVersion,
): Address | undefined {
  switch (version) {
    case 'v1':
      return deployment.aggregator
    case 'v2':
      return deployment.stargate?.entry
    case 'v3':
      return deployment.across?.entry
    case 'v4':
      return deployment.liquidityEntry
  }
}
