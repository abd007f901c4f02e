import type { Address, Hex } from 'viem'
import { aggregatorAbi, aggregatorBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type AggregatorFactoryConfig = {
  factory: Address
  initCodeHash: Hex
  /** The pool kind's id in the contract (`KIND_*` in Aggregator.sol; `contractKind` in server/poolKinds). */
  kind: number
  /** V2 swap fee in bps (30 for Uniswap V2 bytecode); 0 for V3. */
  v2FeeBps: number
}

export type DeployAggregatorParams = {
  wrappedNative: Address
  /** The allowlist; a hop's `factoryId` is the index in this array. */
  factories: readonly AggregatorFactoryConfig[]
}

/**
 * Deploys our `Aggregator(wrappedNative, factories)`; see docs/aggregator-contract.md. Uses one nonce.
 */
export async function deployAggregator(
  client: DevClient,
  { wrappedNative, factories }: DeployAggregatorParams,
): Promise<{ aggregator: Address }> {
  const aggregator = await deployBytecode(client, {
    abi: aggregatorAbi,
    bytecode: aggregatorBytecode,
    args: [wrappedNative, factories],
  })
  return { aggregator }
}
